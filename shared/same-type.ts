/**
 * True when A and B describe the same values. `const _x: Same<A, B> = true` fails to compile when a
 * schema's inferred type and the hand-written type drift apart.
 */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
