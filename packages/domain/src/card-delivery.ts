/**
 * Texts of delivering a cut to a card by upload (issue 49): the move dialogs' "Upload the cut", the upload
 * page's "Deliver to a card…" and the player's words about a link it can't play. Only screens loaded after
 * sign-in show them, so they stay out of MSG and out of the first page's download.
 */
export const DELIVERY_TEXT = {
  pasteLink: 'Paste a link',
  uploadCut: 'Upload the cut',
  chooseCut: 'Choose the video file',
  cutHint: 'Large files go in parts; if the upload stops, pick the same file again and it carries on.',
  resumed: 'Carrying on from the parts already sent',
  uploadedMoving: 'Uploaded. Moving the card…',
  deliverToCard: 'Deliver to a card…',
  deliverTitle: 'Deliver {file} to a card',
  deliverHint: 'Cards of this customer in Editing or Revision. The card moves to QA with this video.',
  noCardToDeliver: 'None of this customer’s cards is in Editing or Revision.',
  delivered: '{file} was delivered to “{card}”, which is now in QA.',
  importing: 'Fetching the video from the link… {percent} %',
  browserCantPlay: 'Your browser can’t play this file. A playable copy is being prepared: {percent} %',
  browserCantPlayQueued: 'Your browser can’t play this file. A playable copy will be prepared shortly.',
  browserCantPlayNoCopy: 'Your browser can’t play this file. Open the link to download it.',
} as const;
