import { createContext, useContext } from "react";

const NonceContext = createContext<string | undefined>(undefined);

/** Carries the request's CSP nonce from entry.server to the inline scripts of the document. */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
