// A Date from any realm: edge-runtime's VM context and jest's test environments make their
// own Date, and Node's modules (fs.Stats.mtime) hand a jest test one from the outer realm;
// either fails `instanceof Date` while being a Date in every way a caller can tell.

/**
 * Whether `value` is a Date, from this realm or another.
 *
 * @internal
 */
export function isDate(value: unknown): value is Date {
  // By the internal slot that Date's own methods require, which a Date of any realm (or
  // of a subclass) has, and no object merely labelled Date (Symbol.toStringTag) does.
  try {
    Date.prototype.getTime.call(value);
    return true;
  } catch {
    return false;
  }
}
