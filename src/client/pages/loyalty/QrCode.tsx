import QRCode from 'qrcode'

/** A QR code of `text` drawn as SVG (dark modules as one path), with the quiet zone around it. */
export function QrCode(props: { text: string; size?: number; label: string }) {
  const { modules } = QRCode.create(props.text, { errorCorrectionLevel: 'M' })
  const n = modules.size
  let d = ''
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (modules.get(r, c)) d += `M${c + 2} ${r + 2}h1v1h-1z`
  return (
    <svg className="qr" width={props.size ?? 180} height={props.size ?? 180} viewBox={`0 0 ${n + 4} ${n + 4}`} role="img" aria-label={props.label} shapeRendering="crispEdges">
      <rect width={n + 4} height={n + 4} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  )
}
