/**
 * The QR code of a TOTP set-up (otpauth://… URI), drawn as one SVG path from uqr's module
 * matrix: no image request, no inner HTML. Scaled to its box; crisp at any size.
 */
import { encode } from 'uqr';

export function TotpQr({ uri, label }: { uri: string; label: string }) {
  const { data, size } = encode(uri, { ecc: 'M', border: 2 });
  let path = '';
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-48 rounded-lg border border-line bg-white sm:size-56"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}

/** The secret of an otpauth URI, in groups of four for typing into an app by hand. */
export function totpSecretOf(uri: string): string {
  try {
    const secret = new URL(uri).searchParams.get('secret') ?? '';
    return secret.replace(/(.{4})/g, '$1 ').trim();
  } catch {
    return '';
  }
}
