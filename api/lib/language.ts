import { LanguageDetector } from "remix-i18next/server";
import { asLocale, LOCALES, type Locale } from "#core/i18n.ts";

/**
 * The language an API caller or a socket asks in: the first language of its Accept-Language when
 * that is one of ours ("id-ID,id;q=0.9" → id, "en-US" → en), else English. remix-i18next's
 * detector reads the header (decision 20); pages take theirs from the URL instead.
 */
const detector = new LanguageDetector({ supportedLanguages: [...LOCALES], fallbackLanguage: "en", order: ["header"] });

export const localeOf = async (request: Request): Promise<Locale> => asLocale(await detector.detect(request));

/** The same for a request that is not a fetch Request (a socket.io handshake's headers). */
export const localeOfHeader = (acceptLanguage: string | undefined): Promise<Locale> =>
  localeOf(new Request("http://localhost/", { headers: acceptLanguage ? { "accept-language": acceptLanguage } : {} }));
