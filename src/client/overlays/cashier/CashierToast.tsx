import { useSnapshot } from 'valtio'
import { store } from '../../store/store'

/** The cashier's short messages (KYC saved, order cancelled), announced politely; always mounted. */
export function CashierToast() {
  const { toast } = useSnapshot(store.cashier)
  return (
    <div className="cashier-toast-region" role="status" aria-live="polite">
      {toast && (
        <p key={toast.id} className="cashier-toast">
          {toast.text}
        </p>
      )}
    </div>
  )
}
