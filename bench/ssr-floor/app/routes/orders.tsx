/**
 * The floor's only page: the orders table of app/components/orders/list-table.tsx (same row
 * shape, same markup and classes, English labels) with 50 rows made in code, sent by a loader so
 * they travel in the page's data for hydration as the real page's do. No session, database,
 * i18n or middleware: what React Router and React alone cost for this table.
 */
import { Link } from "react-router";

type OrderRow = {
  order_id: number; order_code: string; channel_name: string; customer_name: string;
  status: string; total_amount: number; time_created: number; next?: string;
};

const STATUS: Record<string, string> = {
  "waiting-payment": "Waiting Payment", "waiting-approval": "Waiting Approval", "wait-to-prepare": "Waiting to Prepare",
  preparing: "Preparing", "wait-to-pack": "Waiting to Pack", "ready-to-ship": "Ready to Ship", sending: "Sending",
  "on-delivery": "On Delivery", received: "Received", finish: "Finished", cancelled: "Cancelled",
};
const NEXT: Record<string, string | undefined> = {
  "waiting-approval": "accept", "wait-to-prepare": "prepare", preparing: "pack", "wait-to-pack": "packing",
  "ready-to-ship": "book-delivery", "on-delivery": "deliver", received: "fulfill",
};
const ACTION: Record<string, string> = {
  accept: "Accept", prepare: "Prepare", pack: "Done preparing", packing: "Pack", "book-delivery": "Book delivery",
  deliver: "Mark delivered", fulfill: "Finish order",
};
const TONE: Record<string, string> = {
  "waiting-payment": "bg-amber-50 text-amber-800", "waiting-approval": "bg-amber-50 text-amber-800",
  received: "bg-green-50 text-green-700", finish: "bg-green-50 text-green-700", cancelled: "bg-slate-100 text-slate-600",
};
const CHANNELS = ["Tokopedia", "Shopee", "Lazada", "TikTok Shop", "Website"];
const CUSTOMERS = ["Andi Pratama", "Siti Rahma", "Agus Setiawan", "Putri Lestari", "Yoga Saputra", "Fitri Handayani", "Rizky Maulana", "Nur Aisyah"];

const statuses = Object.keys(STATUS);
const now = 1_760_000_000;
const ROWS: OrderRow[] = Array.from({ length: 50 }, (_, i) => {
  const status = statuses[i % statuses.length];
  return {
    order_id: 1_000_000 - i,
    order_code: `INV/20251009/${String(1_000_000 - i).padStart(7, "0")}`,
    channel_name: CHANNELS[i % CHANNELS.length],
    customer_name: CUSTOMERS[i % CUSTOMERS.length],
    status,
    total_amount: 85_000 + ((i * 37_919) % 1_900_000),
    time_created: now - i * 1_234,
    next: NEXT[status],
  };
});

// As core/lib/format.ts: WIB times, "Rp. 1.250.000".
const pad = (n: number) => String(n).padStart(2, "0");
function formatDateTime(unixSeconds: number) {
  const d = new Date(unixSeconds * 1000 + 7 * 3_600_000);
  return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}
const formatRupiah = (n: number) => `Rp. ${n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ".")}`;

export function loader() {
  return { rows: ROWS };
}

export function meta() {
  return [{ title: "Orders (50) | Floor" }];
}

export default function Orders({ loaderData }: { loaderData: { rows: OrderRow[] } }) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white">
      <table className="w-full text-left text-sm max-md:block max-md:[&_tbody]:block max-md:[&_tr]:grid max-md:[&_tr]:grid-cols-[auto_1fr_auto] max-md:[&_tr]:gap-x-3 max-md:[&_tr]:p-3 [&_td]:px-3 [&_td]:py-2 max-md:[&_td]:p-0 [&_tr]:border-t [&_tr]:border-slate-100">
        <caption className="sr-only">Orders</caption>
        <thead className="bg-slate-50 text-xs font-semibold uppercase text-slate-500 max-md:hidden [&_th]:px-3 [&_th]:py-2">
          <tr>
            <th scope="col"><span className="sr-only">Select</span></th>
            <th scope="col">Order</th>
            <th scope="col">Customer</th>
            <th scope="col">Status</th>
            <th scope="col" className="md:text-right">Total</th>
            <th scope="col">Next step</th>
          </tr>
        </thead>
        <tbody>
          {loaderData.rows.map((o) => (
            <tr key={o.order_id}>
              <td className="max-md:row-span-3">
                <input type="checkbox" name="order_ids" value={o.order_id} form="orders-bulk" aria-label={`Select ${o.order_code}`} className="h-4 w-4" />
              </td>
              <td className="max-md:col-span-2">
                <Link to={`/orders/${o.order_id}`} className="font-medium text-brand-700 hover:underline">{o.order_code}</Link>
                <p className="text-xs text-slate-500">{`${o.channel_name} · ${formatDateTime(o.time_created)}`}</p>
              </td>
              <td>{o.customer_name}</td>
              <td><span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONE[o.status] ?? "bg-brand-50 text-brand-700"}`}>{STATUS[o.status]}</span></td>
              <td className="tabular-nums md:text-right">{formatRupiah(o.total_amount)}</td>
              <td>
                {o.next ? (
                  <button type="submit" form="orders-bulk" name="row" value={`${o.next}:${o.order_id}`}
                    aria-label={`${ACTION[o.next]}: ${o.order_code}`}
                    className="rounded-md border border-brand-600 px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50">
                    {ACTION[o.next]}
                  </button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
