/** Reads the device's IANA time zone off the main thread (store/api.ts's timeZone): Intl's first call is slow. */
postMessage(Intl.DateTimeFormat().resolvedOptions().timeZone)
