/** The language of a BCP 47 tag without its region or script ("fr-CA" is "fr"), in lower case. */
export function primaryLanguage(tag: string): string {
  return tag.split('-')[0]?.toLowerCase() ?? 'en';
}
