import { createStaticPix, hasError } from 'pix-utils'
import { centavosToText } from '../../shared/money'

/** The sandbox receiver. A PIX key of the random (EVP) kind, which no real account holds. */
export const SANDBOX_PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61cdc3a5'
const MERCHANT_NAME = 'APOSTA SANDBOX'
const MERCHANT_CITY = 'SAO PAULO'

/**
 * A PIX "copia e cola" BR Code (EMV QR payload with its CRC16) for one charge: the amount is
 * exact (from centavos, never through floating-point arithmetic) and the txid is our payNo.
 */
export function pixBrCode(payNo: string, amount: bigint, orderId: string): string {
  const pix = createStaticPix({
    merchantName: MERCHANT_NAME,
    merchantCity: MERCHANT_CITY,
    pixKey: SANDBOX_PIX_KEY,
    txid: payNo,
    infoAdicional: `Pedido ${orderId}`,
    transactionAmount: Number(centavosToText(amount)),
  })
  if (hasError(pix)) throw new Error(`cannot build a PIX code: ${pix.message}`)
  return pix.toBRCode()
}
