import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api-client.ts';

const FALLBACK = 'Failed to post the entry. Please try again.';

describe('errorMessage', () => {
  it("shows the server's 'try again' (503 TRY_AGAIN) in its own words", () => {
    const busy = new ApiError(503, {
      error: 'TRY_AGAIN',
      message: 'Kobo was busy with another change to the same records, so nothing was saved. Please try again.',
    });
    expect(errorMessage(busy, FALLBACK)).toBe('Kobo was busy with another change to the same records, so nothing was saved. Please try again.');
  });

  it("shows the screen's own sentence for any other server error, and for a proxy's 503", () => {
    expect(errorMessage(new ApiError(500, { error: 'INTERNAL', message: 'Something went wrong. Please try again.' }), FALLBACK)).toBe(FALLBACK);
    expect(errorMessage(new ApiError(503, { error: 'HTTP_503', message: '' }), FALLBACK)).toBe(FALLBACK);
  });

  it("shows a refusal's own sentence", () => {
    expect(errorMessage(new ApiError(409, { error: 'ENTRY_REQUEST_DECIDED', message: 'This entry request was already decided' }), FALLBACK)).toBe(
      'This entry request was already decided',
    );
  });
});
