// How many requests a minute pipetop causes, from their send times: the header of the pulse and
// the controller's request counter (the client's onExchange) share this one count.

/**
 * Requests per minute over the last `windowMs`, from the send times of pipetop's requests — the
 * figure the pulse header shows ("4 req/min"). Times outside the window are ignored.
 */
export function requestsPerMinute(sentTimes: readonly number[], now: number, windowMs = 60_000): number {
  if (!(windowMs > 0)) return 0;
  let count = 0;
  for (const t of sentTimes) if (t > now - windowMs && t <= now) count++;
  return (count * 60_000) / windowMs;
}
