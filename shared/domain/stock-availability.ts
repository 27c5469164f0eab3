/**
 * What of a place's stock is available (docs/operations.md "Blocked places"):
 * the free part (quantity − reserved) of a place that is not blocked. On a
 * blocked place the free part is `blocked` instead, so that
 * available = quantity − reserved − blocked always holds and no figure is negative.
 */
export interface Availability {
  available: number;
  blocked: number;
}

export function availability(quantity: number, reserved: number, isBlocked: boolean): Availability {
  const free = Math.max(0, quantity - reserved);
  return isBlocked ? { available: 0, blocked: free } : { available: free, blocked: 0 };
}
