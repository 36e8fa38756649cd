// A Date from any realm: edge-runtime's VM context and jest's test environments make their
// own Date, and Node's modules (fs.Stats.mtime) hand a jest test one from the outer realm;
// either fails `instanceof Date` while being a Date in every way a caller can tell.

/**
 * Whether `value` is a Date, from this realm or another.
 *
 * @internal
 */
export const isDate = (value: unknown): value is Date =>
  Object.prototype.toString.call(value) === '[object Date]';
