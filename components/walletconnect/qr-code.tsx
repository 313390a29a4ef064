import { encode } from "uqr";

/**
 * A QR code as one SVG path, one unit per module (the quiet zone included), so it stays sharp at any size and needs
 * no canvas. Error correction M: a WalletConnect pairing link fits comfortably and phones read it from a screen.
 */
export function QrCode(props: { value: string; label: string }) {
  const { data, size } = encode(props.value, { ecc: "M", border: 4 });
  const path = data
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : "")))
    .filter(Boolean)
    .join("");
  return (
    <svg
      className="qr-code"
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      data-value={props.value}
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
