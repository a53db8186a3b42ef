/**
 * The child of tests/api/broadcasts.test.ts's crash test: sends one broadcast (the job's handler)
 * until the parent kills it with SIGKILL mid-send. Env: DATABASE_URL, BROADCAST_ID,
 * WHATSAPP_WEBHOOK_URL (the parent's provider, which stops answering at the recipient it kills on).
 */
import { sendBroadcast } from "#core/customers/broadcast-send.ts";

await sendBroadcast(Number(process.env.BROADCAST_ID));
process.exit(0);
