import { useMemo } from 'react';
import { encode } from 'uqr';

/**
 * The `otpauth://` URI of a two-factor setup as a QR code for an authenticator app to scan:
 * an `<svg>` of one path (a square per dark module, four light modules of quiet zone around),
 * drawn by React, so nothing is injected as markup.
 */
export function TotpQrCode({ uri }: { uri: string }) {
  const { size, path } = useMemo(() => {
    const qr = encode(uri, { ecc: 'M', border: 4 });
    let d = '';
    qr.data.forEach((row, y) => {
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      });
    });
    return { size: qr.size, path: d };
  }, [uri]);
  return (
    <svg
      className="qr"
      data-testid="totp-qr"
      role="img"
      aria-label="QR code of the authenticator URI"
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
