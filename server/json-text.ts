/**
 * An answer's JSON text, written whole by the database or by hand, sent as it is (no `JSON.stringify` of an object
 * graph per request). `T` is the wire type the text encodes, so a handler returning it is still checked against
 * the contract's type; the test servers check the text itself against openapi/ like any other answer.
 */
export class JsonText<T> {
  /** Only for the type: never set. */
  declare readonly wire?: T;
  constructor(readonly text: string) {}
}
