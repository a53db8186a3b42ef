import { data } from "react-router";
import { GeneralErrorBoundary } from "#app/components/error-boundary.tsx";

/** Unknown URLs (the splat route) and /error/not-found answer 404 with the translated not-found page. */
export function loader() {
  throw data("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
