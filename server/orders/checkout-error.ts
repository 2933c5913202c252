/** An expected refusal of a checkout or donation: an HTTP status and a message for the shopper. */
export class CheckoutError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'CheckoutError';
  }
}
