import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names (clsx). No conflict resolution happens here: a caller that overrides a
 * primitive's own class marks its class important (`h-10!`) so the result never depends on the
 * order of rules in the stylesheet.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
