import { useSnapshot } from 'valtio'
import { store } from '../store/store'

/** Confirmations ('Copiado', 'KYC salvo', order cancelled), announced politely; always mounted, never takes focus. */
export function ToastHost() {
  const { toast } = useSnapshot(store.ui)
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast && (
        <p key={toast.id} className="toast">
          {toast.text}
        </p>
      )}
    </div>
  )
}
