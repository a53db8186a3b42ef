/**
 * The card's "Connect all" button (one channel's connect switch is the shared StatusSwitch with
 * the actions connect / disconnect). Both are POST forms to the list's own action
 * (intent=channel / intent=connect-all), so without
 * JavaScript the server answers with its confirm step (app/routes/admin/profile/store/list.tsx).
 * With JavaScript a dialog asks first and a fetcher sends the confirmed change; cancelling leaves
 * everything as it was, and a refused change shows as it was when the list reloads (spec: "on
 * cancel or failure the switch reverts").
 */
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "#app/lib/i18n-react.tsx";
import { buttonClass } from "./button.tsx";
import { ConfirmDialog, preloadConfirmDialog } from "./list/confirm-dialog.tsx";
import { connectAllText } from "./store-texts.ts";

function Hidden({ fields }: { fields: Record<string, string | number> }) {
  return <>{Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}</>;
}

/**
 * "Connect all": gathers every channel that is not connected and can be (`channels`), asks with
 * their names, and connects them in one call (channel_ids comma separated).
 */
export function ConnectAllButton({ storeId, storeName, channels }: {
  storeId: number;
  storeName: string;
  channels: { id: number; name: string }[];
}) {
  const { t } = useTranslation("store");
  const fetcher = useFetcher();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const fields = { intent: "connect-all", store_branch_id: storeId, channel_ids: channels.map((c) => c.id).join(",") };
  const close = () => {
    setAsking(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  if (!channels.length) return <p className="text-xs text-slate-500">{t("connection.all_connected")}</p>;
  return (
    <fetcher.Form
      method="post"
      onSubmit={(e) => {
        e.preventDefault();
        setAsking(true);
      }}
    >
      <Hidden fields={fields} />
      <button
        ref={button}
        type="submit"
        disabled={fetcher.state !== "idle"}
        aria-busy={fetcher.state !== "idle"}
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        className={buttonClass("secondary")}
      >
        {t("connection.connect_all")}
        <span className="sr-only"> — {storeName}</span>
      </button>
      <ConfirmDialog
        open={asking}
        text={connectAllText(t, storeName, channels.map((c) => c.name))}
        onCancel={close}
        onConfirm={() => {
          void fetcher.submit({ ...fields, confirmed: "1" }, { method: "post" });
          close();
        }}
      />
    </fetcher.Form>
  );
}
