/**
 * The connect switch of one online channel on a store card, and the card's "Connect all" button.
 * Both are POST forms to the list's own action (intent=channel / intent=connect-all), so without
 * JavaScript the server answers with its confirm step (app/routes/admin/profile/store/list.tsx).
 * With JavaScript a dialog asks first and a fetcher sends the confirmed change; cancelling leaves
 * everything as it was, and a refused change shows as it was when the list reloads (spec: "on
 * cancel or failure the switch reverts").
 */
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/lib/i18n-react.tsx";
import { buttonClass } from "./button.tsx";
import { ConfirmDialog, preloadConfirmDialog, type ConfirmText } from "./list/confirm-dialog.tsx";
import { connectAllText } from "./store-texts.ts";

function Hidden({ fields }: { fields: Record<string, string | number> }) {
  return <>{Object.entries(fields).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />)}</>;
}

/** A switch that connects (on) or disconnects (off) one channel. */
export function StoreChannelSwitch({ checked, label, fields, confirmFor }: {
  checked: boolean;
  label: string;
  /** Hidden fields naming the change, e.g. { intent: "channel", store_branch_id: 3, channel_ids: 7 }. */
  fields: Record<string, string | number>;
  confirmFor: (connect: boolean) => ConfirmText;
}) {
  const { t } = useTranslation("store");
  const fetcher = useFetcher();
  const [asking, setAsking] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setAsking(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  const connect = !checked;
  const sent = fetcher.formData?.get("action");
  const shown = sent ? sent === "connect" : asking ? connect : checked;
  const change = { ...fields, action: connect ? "connect" : "disconnect" };
  return (
    <fetcher.Form
      method="post"
      className="inline-flex items-center gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        setAsking(true);
      }}
    >
      <Hidden fields={change} />
      <button
        ref={button}
        type="submit"
        role="switch"
        aria-checked={shown}
        aria-label={label}
        disabled={fetcher.state !== "idle"}
        onPointerEnter={preloadConfirmDialog}
        onFocus={preloadConfirmDialog}
        className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 ${
          shown ? "bg-green-600" : "bg-slate-300"
        }`}
      >
        <span aria-hidden className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${shown ? "translate-x-5" : "translate-x-0.5"}`} />
      </button>
      <span aria-hidden className="whitespace-nowrap text-xs text-slate-600">{shown ? t("card.connected") : t("card.not_connected")}</span>
      <ConfirmDialog
        open={asking}
        text={confirmFor(connect)}
        onCancel={close}
        onConfirm={() => {
          void fetcher.submit({ ...change, confirmed: "1" }, { method: "post" });
          close();
        }}
      />
    </fetcher.Form>
  );
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
