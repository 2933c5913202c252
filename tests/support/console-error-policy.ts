export const consoleErrorPolicy = { allowed: false };

/** The current test expects console.error calls (they are still recorded by the spy). */
export function allowConsoleError() {
  consoleErrorPolicy.allowed = true;
}
