/** The operators' token of the e2e server (playwright.config.ts sets OPS_TOKEN): the tests settle sport matches with it. */
export const E2E_OPS_TOKEN = 'e2e-operators-token-0123456789abcdef'
