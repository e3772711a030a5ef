/**
 * A client seed: 1 to 64 printable ASCII characters, no ':' (it separates the message's parts).
 * Its own module: the contract checks it without pulling the hash code into the client's first load.
 */
export const CLIENT_SEED_PATTERN = /^[\x20-\x39\x3b-\x7e]{1,64}$/
