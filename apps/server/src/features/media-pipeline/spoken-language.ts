import { CAPTION_LANGUAGE_PATTERN } from '@cutroom/domain';

/** Whisper's verbose_json names the language ("english"); the tracks keep BCP 47 codes. */
const NAMES: Record<string, string> = {
  english: 'en',
  spanish: 'es',
  portuguese: 'pt',
  french: 'fr',
  german: 'de',
  italian: 'it',
  dutch: 'nl',
  polish: 'pl',
  russian: 'ru',
  ukrainian: 'uk',
  turkish: 'tr',
  arabic: 'ar',
  hindi: 'hi',
  japanese: 'ja',
  korean: 'ko',
  chinese: 'zh',
  swedish: 'sv',
  danish: 'da',
  norwegian: 'no',
  finnish: 'fi',
  greek: 'el',
  czech: 'cs',
  romanian: 'ro',
  hungarian: 'hu',
  indonesian: 'id',
  vietnamese: 'vi',
  thai: 'th',
  hebrew: 'he',
};

/** The language a transcription service reported as a code: a known name, a code as given, else 'und'. */
export function spokenLanguageCode(reported: string | null): string {
  const value = reported?.trim() ?? '';
  const named = NAMES[value.toLowerCase()];
  if (named) return named;
  return CAPTION_LANGUAGE_PATTERN.test(value) ? value : 'und';
}
