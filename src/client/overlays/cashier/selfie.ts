/**
 * A selfie for the identity check, as the KYC call takes it: the photo scaled down to at most 640
 * pixels on its longer side and written as a JPEG in base64 (a phone's photo of several megabytes
 * becomes tens of kilobytes). Null when the file is not an image the browser can read.
 */
const MAX_SIDE = 640

export async function selfieOf(file: File): Promise<{ base64: string; format: 'JPG' } | null> {
  const bitmap = await createImageBitmap(file).catch(() => null)
  if (!bitmap) return null
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height))
  const canvas = document.createElement('canvas')
  canvas.width = Math.max(1, Math.round(bitmap.width * scale))
  canvas.height = Math.max(1, Math.round(bitmap.height * scale))
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height)
  bitmap.close()
  const url = canvas.toDataURL('image/jpeg', 0.85)
  return { base64: url.slice(url.indexOf(',') + 1), format: 'JPG' }
}
