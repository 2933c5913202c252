import { createContext, useContext } from 'react';

/**
 * The CSP nonce of the current response (set by entry.server). In the browser it is
 * empty: the scripts it guards have already run.
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
