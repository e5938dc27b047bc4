/**
 * A money-moving call whose card asks for authentication first (3-D Secure): the server answers 400
 * `payment_requires_action` with the payment's `client_secret`. The browser confirms it through the payments port
 * and sends the same request again with the same Idempotency-Key; nothing is charged or created until then.
 */
export interface RequiresAction {
  readonly kind: 'requires_action';
  readonly clientSecret: string;
  /** 'Your bank asks you to confirm this payment.' */
  readonly message: string;
}
