-- Changing the shop's shipping fee or free-shipping threshold is an admin action, logged with its before and
-- after (decision 053), so the activity log must accept its kind. Dropping and re-adding a CHECK keeps every
-- existing row as it is.
ALTER TABLE "activity_log" DROP CONSTRAINT "activity_log_kind_known";--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_kind_known" CHECK ("activity_log"."kind" in ('product.added', 'product.edited', 'product.deleted', 'product.restocked', 'user.promoted', 'user.revoked', 'order.shipped', 'order.delivered', 'settings.shipping', 'admin.signed-in'));
