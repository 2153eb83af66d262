// The app's toasts (docs/product.md "Toasts"): the calls of react-hot-toast the app makes, with the library
// imported on the first call, so that no page's first script carries it (goober and react-hot-toast, ~4.7 KB gzip).
import type {
  Renderable,
  Toast,
  toast as libraryToast,
  ToastOptions,
  ValueOrFunction,
} from 'react-hot-toast';

type Library = typeof libraryToast;
type Call = (library: Library) => void;

/** What a toast says: text, an element, or a function of the toast (to draw its own buttons). */
export type ToastMessage = ValueOrFunction<Renderable, Toast>;

let library: Library | undefined;
let loading: Promise<void> | undefined;
const waiting: Call[] = [];

/**
 * Runs the call now once the library is here; before, in order after the calls made earlier, so that no toast is
 * lost and a dismiss still finds the toast it names (by the id the caller gave it).
 */
function call(run: Call): void {
  if (library) {
    run(library);
    return;
  }
  waiting.push(run);
  loading ??= import('react-hot-toast').then(
    (module) => {
      // Calls made while these run queue behind them, so the order holds; only then do calls go straight through.
      while (waiting.length > 0) waiting.shift()!(module.toast);
      library = module.toast;
    },
    () => {
      // The chunk did not load (offline): the toasts said so far are lost; the next call tries again.
      waiting.length = 0;
      loading = undefined;
    },
  );
}

/** A plain toast (4 s). */
function show(message: ToastMessage, options?: ToastOptions): void {
  call((toast) => toast(message, options));
}

export const toast = Object.assign(show, {
  /** A success toast (2 s). */
  success(message: ToastMessage, options?: ToastOptions): void {
    call((toast) => toast.success(message, options));
  },
  /** An error toast (4 s). */
  error(message: ToastMessage, options?: ToastOptions): void {
    call((toast) => toast.error(message, options));
  },
  /** Starts hiding the toast with this id (every toast, without one), in the toaster named, else the page's. */
  dismiss(id?: string, toasterId?: string): void {
    call((toast) => toast.dismiss(id, toasterId));
  },
});
