// The qrcode package ships no types; this declares what the app uses: the sandbox page's SVG text
// (server) and the share page's module matrix (client, drawn as SVG by React).
declare module 'qrcode' {
  interface ToStringOptions {
    type?: 'svg' | 'utf8' | 'terminal'
    margin?: number
    width?: number
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'
    color?: { dark?: string; light?: string }
  }
  export function toString(text: string, options?: ToStringOptions): Promise<string>
  export function create(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' }): { modules: { size: number; get(row: number, col: number): number | boolean } }
  const QRCode: { toString: typeof toString; create: typeof create }
  export default QRCode
}
