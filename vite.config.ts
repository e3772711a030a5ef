import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const api = process.env.API_URL || 'http://localhost:3000'

export default defineConfig({
  plugins: [react()],
  publicDir: 'assets/public',
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: true },
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/gamecenter-siop': { target: api, ws: true },
    },
  },
})
