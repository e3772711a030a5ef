// The qrcode package ships no types; this declares the one function the sandbox page uses.
declare module 'qrcode' {
  interface ToStringOptions {
    type?: 'svg' | 'utf8' | 'terminal'
    margin?: number
    width?: number
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'
    color?: { dark?: string; light?: string }
  }
  export function toString(text: string, options?: ToStringOptions): Promise<string>
  const QRCode: { toString: typeof toString }
  export default QRCode
}
