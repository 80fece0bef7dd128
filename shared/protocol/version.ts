/**
 * The wire protocol's version. Bump it on any change an older peer could misread; the host refuses a
 * `hello` with another version (error `protocolMismatch`) rather than guessing.
 */
export const PROTOCOL_VERSION = 2;
