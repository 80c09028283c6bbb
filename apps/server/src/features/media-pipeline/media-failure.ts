/**
 * A job that cannot succeed however often it is tried (not a video, damaged, too slow): it ends as failed
 * at once with `message`, a sentence for the people on the card. Anything else thrown is retried.
 */
export class MediaFailure extends Error {}
