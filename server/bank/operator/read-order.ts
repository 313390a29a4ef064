import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { orderView, type OrderView } from "../../orders/order-view.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order a bank entry minted or paid out, as the operator looks it up from an import report. */
export async function readOrderForOperator(orderId: string): Promise<OrderView> {
  if (!UUID.test(orderId)) throw new AppError("NOT_FOUND", "Order not found");
  const prisma = await db();
  const row = await prisma.order.findUnique({ where: { id: orderId.toLowerCase() } });
  if (!row) throw new AppError("NOT_FOUND", "Order not found");
  return orderView(row);
}
