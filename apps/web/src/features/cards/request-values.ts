import {
  EDIT_REQUIRED_FIELDS,
  createCardBody,
  updateCardBody,
  type CardDetailReply,
  type CreateCardBody,
  type UpdateCardBody,
} from '@cutroom/domain/schemas';
import { MAX_REPURPOSE_SIZES, REPURPOSE_SIZES, VIDEO_PURPOSES, canonicalOf, isOptionOf, MSG } from '@cutroom/domain';
import { zodFieldErrors } from '../../lib/form-errors';

/** The request form's state; selects hold strings, lists hold what the user typed (empties included). */
export interface RequestValues {
  /** Admin only: the customer the request is for, as the select's string value. */
  client_id: string | null;
  card_title: string;
  dropbox_link: string;
  youtube_aspect_ratio: string | null;
  custom_aspect_ratio: string;
  video_purpose: string | null;
  other_video_purpose: string;
  additional_info: string;
  special_instructions: string;
  voice_note: string;
  hasYTHelper: boolean;
  video_thumb_desc: string;
  video_thumb_ref: string[];
  video_optimization_desc: string;
  affiliate_links: string[];
  subtitles: boolean;
  hasRepurpose: boolean;
  repurpose_aspect: string[];
  custom_repurpose_size: string;
  repurpose_headline: string;
  call_to_action: string;
  repurpose_additional_info: string;
}

export type RequestMode = 'create' | 'edit';

export const emptyRequest = (): RequestValues => ({
  client_id: null,
  card_title: '',
  dropbox_link: '',
  youtube_aspect_ratio: null,
  custom_aspect_ratio: '',
  video_purpose: null,
  other_video_purpose: '',
  additional_info: '',
  special_instructions: '',
  voice_note: '',
  hasYTHelper: false,
  video_thumb_desc: '',
  video_thumb_ref: [''],
  video_optimization_desc: '',
  affiliate_links: [''],
  subtitles: false,
  hasRepurpose: false,
  repurpose_aspect: [],
  custom_repurpose_size: '',
  repurpose_headline: '',
  call_to_action: '',
  repurpose_additional_info: '',
});

/** The server stores a custom repurpose size as 'other:<text>' among the sizes. */
const CUSTOM_SIZE_PREFIX = 'other:';

/** A loaded card as form values, for the edit modal. */
export function valuesFromCard(card: CardDetailReply): RequestValues {
  const customSize = card.repurpose_aspect.find((s) => s.startsWith(CUSTOM_SIZE_PREFIX));
  const withOneRow = (links: string[]) => (links.length ? links : ['']);
  return {
    ...emptyRequest(),
    client_id: String(card.client_id),
    card_title: card.card_title,
    dropbox_link: card.dropbox_link,
    youtube_aspect_ratio: card.youtube_aspect_ratio || null,
    custom_aspect_ratio: card.custom_aspect_ratio ?? '',
    // A merged key (issue 18) opens as the option that stands for it.
    video_purpose: card.video_purpose ? canonicalOf(VIDEO_PURPOSES, card.video_purpose) : null,
    other_video_purpose: card.other_video_purpose ?? '',
    additional_info: card.additional_info ?? '',
    special_instructions: card.special_instructions ?? '',
    voice_note: card.voice_note ?? '',
    hasYTHelper: card.has_youtube_helper,
    video_thumb_desc: card.video_thumb_desc ?? '',
    video_thumb_ref: withOneRow(card.video_thumb_ref),
    video_optimization_desc: card.video_optimization_desc ?? '',
    affiliate_links: withOneRow(card.affiliate_links),
    subtitles: card.subtitles,
    hasRepurpose: card.has_repurpose,
    repurpose_aspect: card.repurpose_aspect.map((s) => (s.startsWith(CUSTOM_SIZE_PREFIX) ? 'other' : s)),
    custom_repurpose_size: customSize ? customSize.slice(CUSTOM_SIZE_PREFIX.length) : '',
    repurpose_headline: card.repurpose_headline ?? '',
    call_to_action: card.call_to_action ?? '',
    repurpose_additional_info: card.repurpose_additional_info ?? '',
  };
}

const filled = (value: string | null | undefined) => !!value && value.trim() !== '';

/**
 * Spec 000 §5: Next and Create need the title, footage link, format and content type; 'Other'
 * needs its text too, and an admin must name the customer.
 */
export function detailsReady(values: RequestValues, needsCustomer: boolean): boolean {
  return (
    (!needsCustomer || filled(values.client_id)) &&
    filled(values.card_title) &&
    filled(values.dropbox_link) &&
    filled(values.youtube_aspect_ratio) &&
    (values.youtube_aspect_ratio !== 'other' || filled(values.custom_aspect_ratio)) &&
    filled(values.video_purpose) &&
    (values.video_purpose !== 'other' || filled(values.other_video_purpose))
  );
}

/** Spec 000 §5 "Edit card": Save needs exactly these four. */
export const editReady = (values: RequestValues): boolean =>
  EDIT_REQUIRED_FIELDS.every((field) => filled(values[field]));

/** The fields of step 1; an error on any of them sends the user back there. */
export const DETAIL_FIELDS = [
  'client_id',
  'card_title',
  'dropbox_link',
  'youtube_aspect_ratio',
  'custom_aspect_ratio',
  'video_purpose',
  'other_video_purpose',
] as const;

/** Empty link rows are dropped before sending; `rows` maps each sent link back to its input. */
function compact(links: string[]) {
  const rows: number[] = [];
  const kept: string[] = [];
  links.forEach((link, row) => {
    if (link.trim()) {
      rows.push(row);
      kept.push(link.trim());
    }
  });
  return { kept, rows };
}

/** The repurpose fields as sent, in a request or to POST /api/card/{id}/enableCardRepurpose. */
export function repurposeBody(values: RequestValues) {
  return {
    repurpose_aspect: values.repurpose_aspect.filter(isOptionOf(REPURPOSE_SIZES)),
    ...(values.repurpose_aspect.includes('other')
      ? { custom_repurpose_size: values.custom_repurpose_size.trim() }
      : {}),
    repurpose_headline: values.repurpose_headline.trim(),
    call_to_action: values.call_to_action.trim(),
    repurpose_additional_info: values.repurpose_additional_info,
  };
}

export type RepurposeBody = ReturnType<typeof repurposeBody>;

/** Spec 000 §5: 1 or 2 sizes, and the custom size when Other is one of them. */
export const repurposeReady = (values: RequestValues): boolean =>
  values.repurpose_aspect.length >= 1 &&
  values.repurpose_aspect.length <= MAX_REPURPOSE_SIZES &&
  (!values.repurpose_aspect.includes('other') || filled(values.custom_repurpose_size));

type Body = CreateCardBody & UpdateCardBody;

/** How the form is being used, which decides what the body carries. */
export interface RequestContext {
  mode: RequestMode;
  /** An admin creating: the body names the customer. */
  withClient: boolean;
  /** Extras the user can see; hidden ones are left out so the server keeps what the card has. */
  showYtHelper: boolean;
  showSubtitles: boolean;
}

/** The whole form as the POST/PUT /api/card body, plus where each sent link came from. */
export function requestBody(values: RequestValues, { mode, withClient, showYtHelper, showSubtitles }: RequestContext) {
  const thumbs = compact(values.video_thumb_ref);
  const affiliates = compact(values.affiliate_links);
  const ratio = values.youtube_aspect_ratio ?? '';
  const purpose = values.video_purpose ?? '';
  const body = {
    ...(mode === 'create' && withClient && values.client_id ? { client_id: Number(values.client_id) } : {}),
    card_title: values.card_title.trim(),
    dropbox_link: values.dropbox_link.trim(),
    youtube_aspect_ratio: ratio,
    ...(ratio === 'other' ? { custom_aspect_ratio: values.custom_aspect_ratio.trim() } : {}),
    video_purpose: purpose,
    ...(purpose === 'other' ? { other_video_purpose: values.other_video_purpose.trim() } : {}),
    additional_info: values.additional_info,
    special_instructions: values.special_instructions,
    voice_note: values.voice_note,
    ...(showYtHelper ? { hasYTHelper: values.hasYTHelper } : {}),
    ...(showYtHelper && values.hasYTHelper
      ? {
          video_thumb_desc: values.video_thumb_desc,
          video_thumb_ref: thumbs.kept,
          video_optimization_desc: values.video_optimization_desc,
          affiliate_links: affiliates.kept,
        }
      : {}),
    ...(showSubtitles ? { subtitles: values.subtitles } : {}),
    hasRepurpose: values.hasRepurpose,
    ...(values.hasRepurpose ? repurposeBody(values) : {}),
  } as Body;
  return { body, linkRows: { video_thumb_ref: thumbs.rows, affiliate_links: affiliates.rows } };
}

export type LinkRows = ReturnType<typeof requestBody>['linkRows'];

/** A server or schema error path ('video_thumb_ref.1') as the form's path of the input it came from. */
export function formPath(field: string, linkRows: LinkRows): string {
  const [list, index] = field.split('.');
  if ((list === 'video_thumb_ref' || list === 'affiliate_links') && index !== undefined) {
    const row = linkRows[list][Number(index)];
    return row === undefined ? list : `${list}.${row}`;
  }
  return field;
}

const CHOOSE_CUSTOMER = MSG.chooseRequestCustomer;

/** The same schema the server validates with, so the form says what the server would. */
export function validateRequest(values: RequestValues, context: RequestContext) {
  const { body, linkRows } = requestBody(values, context);
  const schema = context.mode === 'create' ? createCardBody : updateCardBody;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(zodFieldErrors(schema, body))) {
    errors[formPath(field, linkRows)] = message;
  }
  // The schema leaves client_id optional because customers never send it; an admin must.
  if (context.withClient && context.mode === 'create' && !values.client_id) errors.client_id = CHOOSE_CUSTOMER;
  return errors;
}
