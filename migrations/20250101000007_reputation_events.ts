import type { Knex } from 'knex';

// Reviews (a buyer rates the seller of a completed order once; the seller answers once),
// notifications, and the event log that live updates are read from. Every change that a screen
// shows is written to `events` by a trigger, in the same transaction as the change, and
// announced with NOTIFY at commit: no use case can forget one, and every server process on the
// database hears it. An event names only what changed (a topic and an id) and who may know.
const statements = [
  `CREATE TABLE reviews (
    id serial PRIMARY KEY,
    order_id integer NOT NULL CONSTRAINT reviews_order_key UNIQUE
      REFERENCES orders (id) ON DELETE RESTRICT,
    seller_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    buyer_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    rating smallint NOT NULL,
    comment text NOT NULL DEFAULT '',
    created_at timestamptz(3) NOT NULL DEFAULT now(),
    reply text,
    replied_at timestamptz(3),
    CONSTRAINT reviews_rating_range CHECK (rating BETWEEN 1 AND 5),
    CONSTRAINT reviews_comment_length CHECK (length(comment) <= 1000),
    CONSTRAINT reviews_reply_length CHECK (reply IS NULL OR length(reply) <= 1000)
  )`,
  `CREATE INDEX reviews_seller_newest_idx ON reviews (seller_id, created_at DESC, id DESC)`,
  `CREATE TABLE notifications (
    id serial PRIMARY KEY,
    user_id integer NOT NULL REFERENCES users (id) ON DELETE RESTRICT,
    kind text NOT NULL,
    order_id integer REFERENCES orders (id) ON DELETE RESTRICT,
    text text NOT NULL,
    created_at timestamptz(3) NOT NULL DEFAULT now(),
    read_at timestamptz(3),
    CONSTRAINT notifications_kind_valid CHECK (kind IN ('sale', 'shipped', 'released', 'refunded',
      'dispute', 'message', 'review', 'due'))
  )`,
  `CREATE INDEX notifications_user_idx ON notifications (user_id, id DESC)`,
  `CREATE TABLE events (
    id bigserial PRIMARY KEY,
    topic text NOT NULL,
    subject_id integer NOT NULL,
    user_ids integer[] NOT NULL DEFAULT '{}',
    admins boolean NOT NULL DEFAULT false,
    public boolean NOT NULL DEFAULT false,
    created_at timestamptz(3) NOT NULL DEFAULT now(),
    CONSTRAINT events_topic_valid CHECK (topic IN ('order', 'product', 'review', 'message',
      'notification'))
  )`,
  `CREATE INDEX events_created_idx ON events (created_at)`,
  `CREATE FUNCTION marketplace_event(topic text, subject integer, users integer[], admins boolean,
      public boolean) RETURNS void LANGUAGE plpgsql AS $$
    DECLARE event_id bigint;
    BEGIN
      INSERT INTO events (topic, subject_id, user_ids, admins, public)
        VALUES (topic, subject, users, admins, public) RETURNING id INTO event_id;
      PERFORM pg_notify('marketplace_events', event_id::text);
    END $$`,
  `CREATE FUNCTION order_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM marketplace_event('order', NEW.id, ARRAY[NEW.buyer_id, NEW.seller_id], true, false);
      RETURN NEW;
    END $$`,
  `CREATE TRIGGER orders_event AFTER INSERT OR UPDATE ON orders
    FOR EACH ROW EXECUTE FUNCTION order_event()`,
  // Stock, status and edits show on the marketplace grid: everyone may know.
  `CREATE FUNCTION product_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM marketplace_event('product', NEW.id, ARRAY[NEW.seller_id], true, true);
      RETURN NEW;
    END $$`,
  `CREATE TRIGGER products_event AFTER INSERT OR UPDATE ON products
    FOR EACH ROW EXECUTE FUNCTION product_event()`,
  // Reviews are public; the subject is the seller reviewed.
  `CREATE FUNCTION review_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM marketplace_event('review', NEW.seller_id, ARRAY[NEW.buyer_id, NEW.seller_id],
        true, true);
      RETURN NEW;
    END $$`,
  `CREATE TRIGGER reviews_event AFTER INSERT OR UPDATE ON reviews
    FOR EACH ROW EXECUTE FUNCTION review_event()`,
  `CREATE FUNCTION message_event() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE parties integer[];
    BEGIN
      SELECT ARRAY[buyer_id, seller_id] INTO parties FROM orders WHERE id = NEW.order_id;
      PERFORM marketplace_event('message', NEW.order_id, parties, true, false);
      RETURN NEW;
    END $$`,
  `CREATE TRIGGER order_messages_event AFTER INSERT ON order_messages
    FOR EACH ROW EXECUTE FUNCTION message_event()`,
  `CREATE FUNCTION notification_event() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM marketplace_event('notification', NEW.id, ARRAY[NEW.user_id], false, false);
      RETURN NEW;
    END $$`,
  `CREATE TRIGGER notifications_event AFTER INSERT OR UPDATE ON notifications
    FOR EACH ROW EXECUTE FUNCTION notification_event()`,
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of statements) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const [trigger, table] of [
    ['notifications_event', 'notifications'],
    ['order_messages_event', 'order_messages'],
    ['reviews_event', 'reviews'],
    ['products_event', 'products'],
    ['orders_event', 'orders'],
  ]) {
    await knex.raw(`DROP TRIGGER IF EXISTS ${trigger} ON ${table}`);
  }
  for (const fn of [
    'notification_event',
    'message_event',
    'review_event',
    'product_event',
    'order_event',
  ]) {
    await knex.raw(`DROP FUNCTION IF EXISTS ${fn}()`);
  }
  await knex.raw(
    'DROP FUNCTION IF EXISTS marketplace_event(text, integer, integer[], boolean, boolean)',
  );
  await knex.raw('DROP TABLE IF EXISTS events');
  await knex.raw('DROP TABLE IF EXISTS notifications');
  await knex.raw('DROP TABLE IF EXISTS reviews');
}
