import { EMAIL_MAX } from './constants.js';

export const EMAIL_PATTERN = /^[\w+]+(?:[.-][\w+]+)*@\w+(?:[.-]\w+)*\.[A-Za-z]{2,24}$/;

export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value);

export const OWN_FILE_PATTERN = /^\/files\/media\/\d+\/[\w.-]+$/;
const knownZones = new Set<string>();
export const isTimeZone = (zone: string): boolean => {
  if (knownZones.has(zone)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < 1_000) knownZones.add(zone);
  return true;
};
