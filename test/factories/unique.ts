let counter = 0;
/** A short unique token so fixtures from parallel files never collide on a shared server. */
export function uniq(prefix = "T"): string {
  counter += 1;
  return `${prefix}${process.pid.toString(36)}${Date.now().toString(36)}${counter}`.toUpperCase();
}
