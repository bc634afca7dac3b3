/** The longest phone number kept: room for a country code, spaces and brackets. */
export const MAX_PHONE_LENGTH = 30;

/**
 * A phone number as people write it: an optional +, a digit, then digits, spaces, brackets and
 * dashes. One rule for Add New Staff and for a person's own details on /profile (issue 15).
 */
export function isValidPhoneNumber(phone: string): boolean {
  return phone.length <= MAX_PHONE_LENGTH && /^\+?[0-9][0-9 ()-]*$/.test(phone);
}
