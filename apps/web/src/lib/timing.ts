/** SPEC 9: success messages clear after 3000 ms. */
export const SUCCESS_MESSAGE_TIMEOUT_MS = 3000;
