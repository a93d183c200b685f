// The one schema of both backends. Keep in step with migrations/{sqlite,postgres}; the
// `schema_matches` test compares all three.

diesel::table! {
    users (id) {
        id -> BigInt,
        email -> Text,
        password_hash -> Nullable<Text>,
        google_sub -> Nullable<Text>,
        name -> Text,
        phone -> Nullable<Text>,
        avatar_url -> Nullable<Text>,
        role -> Text,
        balance_cents -> BigInt,
        ref_code -> Text,
        referred_by -> Nullable<BigInt>,
        proxy_username -> Text,
        proxy_password -> Text,
        disabled -> Bool,
        created_at -> BigInt,
        updated_at -> BigInt,
        subuser_id -> Nullable<BigInt>,
        reseller_id -> Nullable<BigInt>,
        suspended -> Bool,
        client_note -> Nullable<Text>,
    }
}

diesel::table! {
    email_codes (email) {
        email -> Text,
        code_hash -> Text,
        attempts -> Integer,
        sent_at -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    sessions (id) {
        id -> Text,
        user_id -> Nullable<BigInt>,
        data -> Text,
        expires_at -> BigInt,
        created_at -> BigInt,
        ip -> Nullable<Text>,
        user_agent -> Nullable<Text>,
        last_seen_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    plans (id) {
        id -> BigInt,
        kind -> Text,
        name -> Text,
        tag -> Nullable<Text>,
        note -> Nullable<Text>,
        price_cents -> BigInt,
        amount -> BigInt,
        validity_days -> Integer,
        regions -> Text,
        features -> Text,
        active -> Bool,
        sort -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
        available_until -> Nullable<BigInt>,
    }
}

diesel::table! {
    wallet_ledger (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        amount_cents -> BigInt,
        balance_after -> BigInt,
        reference -> Text,
        note -> Nullable<Text>,
        created_at -> BigInt,
    }
}

diesel::table! {
    payments (id) {
        id -> Text,
        user_id -> BigInt,
        amount_cents -> BigInt,
        currency -> Text,
        provider -> Text,
        provider_uuid -> Nullable<Text>,
        status -> Text,
        pay_url -> Nullable<Text>,
        raw_callback -> Nullable<Text>,
        expires_at -> Nullable<BigInt>,
        credited_at -> Nullable<BigInt>,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    traffic_balances (user_id, kind) {
        user_id -> BigInt,
        kind -> Text,
        purchased_bytes -> BigInt,
        used_bytes -> BigInt,
        updated_at -> BigInt,
        expires_at -> Nullable<BigInt>,
        leased_bytes -> BigInt,
        valid_from -> Nullable<BigInt>,
    }
}

diesel::table! {
    usage_daily (user_id, kind, day) {
        user_id -> BigInt,
        kind -> Text,
        day -> Text,
        bytes -> BigInt,
    }
}

diesel::table! {
    proxy_history (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        proxy -> Text,
        expires_at -> Nullable<BigInt>,
        created_at -> BigInt,
        quantity -> Integer,
    }
}

diesel::table! {
    piece_orders (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        plan_id -> Nullable<BigInt>,
        country -> Nullable<Text>,
        isp -> Nullable<Text>,
        quantity -> Integer,
        price_cents -> BigInt,
        status -> Text,
        source -> Text,
        upstream_order_id -> Nullable<Text>,
        created_at -> BigInt,
        updated_at -> BigInt,
        stock_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    piece_proxies (id) {
        id -> BigInt,
        order_id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        host -> Text,
        port -> Integer,
        username -> Text,
        password -> Text,
        country -> Nullable<Text>,
        city -> Nullable<Text>,
        isp -> Nullable<Text>,
        upstream_id -> Nullable<Text>,
        expires_at -> BigInt,
        created_at -> BigInt,
        stock_id -> Nullable<BigInt>,
        released_at -> Nullable<BigInt>,
        client_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    piece_stock (id) {
        id -> BigInt,
        kind -> Text,
        code -> Text,
        country -> Text,
        isp -> Nullable<Text>,
        isp_name -> Nullable<Text>,
        city -> Nullable<Text>,
        conn_type -> Nullable<Text>,
        ip -> Nullable<Text>,
        capacity -> Integer,
        sold -> Integer,
        active -> Bool,
    }
}

diesel::table! {
    referral_bonuses (id) {
        id -> BigInt,
        referrer_id -> BigInt,
        referred_id -> BigInt,
        payment_id -> Text,
        amount_cents -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    audit_log (id) {
        id -> BigInt,
        admin_id -> Nullable<BigInt>,
        action -> Text,
        target -> Nullable<Text>,
        detail -> Nullable<Text>,
        created_at -> BigInt,
        before_state -> Nullable<Text>,
        after_state -> Nullable<Text>,
    }
}

diesel::table! {
    traffic_purchases (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        plan_id -> Nullable<BigInt>,
        bytes -> BigInt,
        price_cents -> BigInt,
        source -> Text,
        created_at -> BigInt,
        used_before -> Nullable<BigInt>,
    }
}

diesel::table! {
    user_logins (user_id) {
        user_id -> BigInt,
        last_login_at -> BigInt,
    }
}

diesel::table! {
    payment_events (id) {
        id -> BigInt,
        payment_id -> Text,
        status -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    mailboxes (email_normalized) {
        email_normalized -> Text,
        user_id -> BigInt,
    }
}

diesel::table! {
    trial_grants (email_normalized) {
        email_normalized -> Text,
        user_id -> Nullable<BigInt>,
        ip -> Text,
        bytes -> BigInt,
        granted_at -> BigInt,
    }
}

diesel::table! {
    trial_ip_days (ip, day) {
        ip -> Text,
        day -> Text,
        grants -> Integer,
        extra -> Integer,
        refused -> Integer,
    }
}

diesel::table! {
    trial_refusals (user_id) {
        user_id -> BigInt,
        reason -> Text,
        refused_at -> BigInt,
    }
}

diesel::table! {
    password_resets (user_id, requester) {
        user_id -> BigInt,
        requester -> Text,
        code_hash -> Text,
        attempts -> Integer,
        sent_at -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    email_changes (user_id) {
        user_id -> BigInt,
        new_email -> Text,
        code_hash -> Text,
        attempts -> Integer,
        sent_at -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    user_totp (user_id) {
        user_id -> BigInt,
        secret -> Text,
        enabled_at -> Nullable<BigInt>,
        last_step -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    recovery_codes (id) {
        id -> BigInt,
        user_id -> BigInt,
        code_hash -> Text,
        used_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    rate_windows (key) {
        key -> Text,
        window_start -> BigInt,
        hits -> Integer,
    }
}

diesel::table! {
    job_runs (job) {
        job -> Text,
        period -> BigInt,
        holder -> Text,
        lease_until -> BigInt,
        started_at -> BigInt,
        finished_at -> Nullable<BigInt>,
        runs -> BigInt,
    }
}

diesel::table! {
    api_keys (id) {
        id -> BigInt,
        user_id -> BigInt,
        name -> Text,
        prefix -> Text,
        key_hash -> Text,
        scopes -> Text,
        allowed_ips -> Text,
        expires_at -> Nullable<BigInt>,
        last_used_at -> Nullable<BigInt>,
        revoked_at -> Nullable<BigInt>,
        created_at -> BigInt,
        subuser_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    avatars (id) {
        id -> Text,
        user_id -> BigInt,
        content_type -> Text,
        bytes -> Binary,
        created_at -> BigInt,
    }
}

diesel::joinable!(sessions -> users (user_id));
diesel::joinable!(wallet_ledger -> users (user_id));
diesel::joinable!(payments -> users (user_id));
diesel::table! {
    gateway_leases (node_id, user_id, kind, subuser_id) {
        node_id -> Text,
        user_id -> BigInt,
        kind -> Text,
        subuser_id -> BigInt,
        bytes -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    gateway_slot_leases (limit_name, user_id, node_id) {
        limit_name -> Text,
        user_id -> BigInt,
        node_id -> Text,
        slots -> BigInt,
        expires_at -> BigInt,
    }
}

diesel::table! {
    gateway_events (id) {
        id -> BigInt,
        user_id -> Nullable<BigInt>,
        piece_id -> Nullable<BigInt>,
        reason -> Text,
        created_at -> BigInt,
    }
}

diesel::joinable!(traffic_balances -> users (user_id));
diesel::joinable!(usage_daily -> users (user_id));
diesel::joinable!(proxy_history -> users (user_id));
diesel::joinable!(piece_orders -> users (user_id));
diesel::joinable!(piece_proxies -> piece_orders (order_id));
diesel::joinable!(mailboxes -> users (user_id));
diesel::joinable!(traffic_purchases -> users (user_id));
diesel::joinable!(user_logins -> users (user_id));
diesel::joinable!(password_resets -> users (user_id));
diesel::joinable!(email_changes -> users (user_id));
diesel::joinable!(user_totp -> users (user_id));
diesel::joinable!(recovery_codes -> users (user_id));
diesel::joinable!(api_keys -> users (user_id));
diesel::joinable!(avatars -> users (user_id));
diesel::joinable!(payment_events -> payments (payment_id));

diesel::table! {
    ip_allowlist (id) {
        id -> BigInt,
        user_id -> BigInt,
        network -> Text,
        bucket -> Text,
        kind -> Text,
        piece_id -> Nullable<BigInt>,
        country -> Nullable<Text>,
        state -> Nullable<Text>,
        city -> Nullable<Text>,
        rotation -> Text,
        created_at -> BigInt,
    }
}

diesel::table! {
    subusers (id) {
        id -> BigInt,
        user_id -> BigInt,
        name -> Text,
        kind -> Text,
        password -> Text,
        limit_bytes -> Nullable<BigInt>,
        used_bytes -> BigInt,
        leased_bytes -> BigInt,
        max_connections -> Nullable<Integer>,
        enabled -> Bool,
        created_at -> BigInt,
    }
}

diesel::table! {
    proxy_settings (user_id) {
        user_id -> BigInt,
        max_connections -> Nullable<Integer>,
    }
}

diesel::table! {
    billing_details (user_id) {
        user_id -> BigInt,
        company -> Text,
        address -> Text,
        vat_id -> Text,
        updated_at -> BigInt,
    }
}

diesel::joinable!(subusers -> users (user_id));
diesel::joinable!(proxy_settings -> users (user_id));
diesel::joinable!(billing_details -> users (user_id));

diesel::allow_tables_to_appear_in_same_query!(
    users,
    subusers,
    proxy_settings,
    billing_details,
    email_codes,
    sessions,
    rate_windows,
    job_runs,
    plans,
    wallet_ledger,
    payments,
    traffic_balances,
    usage_daily,
    proxy_history,
    piece_orders,
    piece_proxies,
    piece_stock,
    referral_bonuses,
    audit_log,
    mailboxes,
    trial_grants,
    trial_ip_days,
    trial_refusals,
    traffic_purchases,
    payment_events,
    user_logins,
    password_resets,
    email_changes,
    user_totp,
    recovery_codes,
    api_keys,
    avatars,
    gateway_leases,
    gateway_slot_leases,
    gateway_events,
    ip_allowlist,
);

diesel::table! {
    connection_records (id) {
        id -> BigInt,
        user_id -> BigInt,
        started_at -> BigInt,
        duration_ms -> BigInt,
        credential_kind -> Text,
        credential_id -> Nullable<BigInt>,
        credential_label -> Text,
        kind -> Text,
        host -> Text,
        port -> Integer,
        bytes_up -> BigInt,
        bytes_down -> BigInt,
        outcome -> Text,
        reason -> Nullable<Text>,
        upstream_id -> Nullable<BigInt>,
        source -> Nullable<Text>,
        connect_ms -> Nullable<BigInt>,
        country -> Nullable<Text>,
    }
}

diesel::joinable!(connection_records -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(connection_records, users);

diesel::table! {
    login_networks (user_id, network) {
        user_id -> BigInt,
        network -> Text,
        last_at -> BigInt,
    }
}

diesel::table! {
    notifications (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        title -> Text,
        body -> Text,
        created_at -> BigInt,
        read_at -> Nullable<BigInt>,
        subject -> Nullable<Text>,
        stated_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    alert_settings (user_id) {
        user_id -> BigInt,
        traffic_percent -> Text,
        expiry_days -> Text,
        balance_below_cents -> Nullable<BigInt>,
        email -> Bool,
        webhook_url -> Nullable<Text>,
        webhook_secret -> Nullable<Text>,
        updated_at -> BigInt,
        runs_out_within_days -> Nullable<BigInt>,
        daily_report -> Bool,
    }
}

diesel::table! {
    alert_marks (user_id, subject, threshold) {
        user_id -> BigInt,
        subject -> Text,
        threshold -> BigInt,
        fired_at -> BigInt,
    }
}

diesel::table! {
    webhook_deliveries (id) {
        id -> BigInt,
        user_id -> BigInt,
        notification_id -> BigInt,
        url -> Text,
        body -> Text,
        status -> Text,
        attempts -> Integer,
        next_at -> Nullable<BigInt>,
        last_code -> Nullable<Integer>,
        last_error -> Nullable<Text>,
        created_at -> BigInt,
        delivered_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    piece_renewals (id) {
        id -> BigInt,
        piece_id -> BigInt,
        user_id -> BigInt,
        from_expires_at -> BigInt,
        to_expires_at -> BigInt,
        price_cents -> BigInt,
        status -> Text,
        automatic -> Bool,
        created_at -> BigInt,
        finished_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    piece_auto_renew (piece_id) {
        piece_id -> BigInt,
        auto_renew -> Bool,
        failed_for -> Nullable<BigInt>,
    }
}

diesel::table! {
    renewal_settings (user_id) {
        user_id -> BigInt,
        auto_renew -> Bool,
        updated_at -> BigInt,
    }
}

diesel::joinable!(piece_renewals -> piece_proxies (piece_id));
diesel::joinable!(piece_auto_renew -> piece_proxies (piece_id));
diesel::joinable!(renewal_settings -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(piece_renewals, piece_proxies);
diesel::allow_tables_to_appear_in_same_query!(piece_auto_renew, piece_proxies);
diesel::allow_tables_to_appear_in_same_query!(piece_auto_renew, piece_orders);
diesel::allow_tables_to_appear_in_same_query!(piece_auto_renew, piece_renewals);

diesel::table! {
    piece_checks (piece_id) {
        piece_id -> BigInt,
        ok -> Bool,
        exit_ip -> Nullable<Text>,
        latency_ms -> Nullable<BigInt>,
        error -> Nullable<Text>,
        checked_at -> BigInt,
    }
}

diesel::joinable!(piece_checks -> piece_proxies (piece_id));
diesel::allow_tables_to_appear_in_same_query!(piece_checks, piece_proxies);
diesel::allow_tables_to_appear_in_same_query!(piece_checks, piece_stock);

diesel::table! {
    auto_topups (user_id, kind) {
        user_id -> BigInt,
        kind -> Text,
        enabled -> Bool,
        below_bytes -> BigInt,
        plan_id -> Nullable<BigInt>,
        last_run_at -> Nullable<BigInt>,
        short_alerted_at -> Nullable<BigInt>,
        updated_at -> BigInt,
    }
}

diesel::table! {
    customer_notes (id) {
        id -> BigInt,
        user_id -> BigInt,
        author_id -> Nullable<BigInt>,
        author_email -> Text,
        body -> Text,
        created_at -> BigInt,
    }
}

diesel::joinable!(customer_notes -> users (user_id));

diesel::table! {
    upstream_pools (id) {
        id -> BigInt,
        name -> Text,
        kinds -> Text,
        protocol -> Text,
        host -> Text,
        port -> Integer,
        username -> Text,
        password -> Text,
        username_template -> Text,
        password_template -> Text,
        cost_per_gb_cents -> BigInt,
        weight -> Integer,
        countries -> Text,
        active -> Bool,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    upstream_pool_health (pool_id) {
        pool_id -> BigInt,
        carried_bytes -> BigInt,
        up -> Bool,
        failures -> Integer,
        checked_at -> Nullable<BigInt>,
        last_error -> Nullable<Text>,
    }
}

diesel::table! {
    upstream_pool_hours (pool_id, hour) {
        pool_id -> BigInt,
        hour -> BigInt,
        ok -> BigInt,
        pool_failed -> BigInt,
        destination_failed -> BigInt,
        le_50 -> BigInt,
        le_100 -> BigInt,
        le_250 -> BigInt,
        le_500 -> BigInt,
        le_1000 -> BigInt,
        le_2500 -> BigInt,
        le_5000 -> BigInt,
        over_5000 -> BigInt,
        bytes -> BigInt,
    }
}

diesel::joinable!(upstream_pool_health -> upstream_pools (pool_id));
diesel::allow_tables_to_appear_in_same_query!(upstream_pool_health, upstream_pools);

diesel::table! {
    upstream_daily (pool_id, kind, day) {
        pool_id -> BigInt,
        kind -> Text,
        day -> Text,
        bytes -> BigInt,
        cost_nanocents -> BigInt,
    }
}

diesel::allow_tables_to_appear_in_same_query!(upstream_daily, upstream_pools);

diesel::table! {
    usage_hourly (user_id, hour, kind, credential_kind, credential_label, host, country, outcome, reason) {
        user_id -> BigInt,
        hour -> BigInt,
        kind -> Text,
        credential_kind -> Text,
        credential_label -> Text,
        host -> Text,
        country -> Text,
        outcome -> Text,
        reason -> Text,
        connections -> BigInt,
        bytes_up -> BigInt,
        bytes_down -> BigInt,
        charged_bytes -> BigInt,
        under_1s -> BigInt,
        under_10s -> BigInt,
        under_1m -> BigInt,
        over_1m -> BigInt,
        connect_lt10 -> BigInt,
        connect_lt18 -> BigInt,
        connect_lt32 -> BigInt,
        connect_lt56 -> BigInt,
        connect_lt100 -> BigInt,
        connect_lt178 -> BigInt,
        connect_lt316 -> BigInt,
        connect_lt562 -> BigInt,
        connect_lt1000 -> BigInt,
        connect_lt1778 -> BigInt,
        connect_lt3162 -> BigInt,
        connect_lt5623 -> BigInt,
        connect_lt10000 -> BigInt,
        connect_ge10000 -> BigInt,
    }
}

diesel::table! {
    usage_daily_rollup (user_id, day, kind, credential_kind, credential_label, host, country, outcome, reason) {
        user_id -> BigInt,
        day -> BigInt,
        kind -> Text,
        credential_kind -> Text,
        credential_label -> Text,
        host -> Text,
        country -> Text,
        outcome -> Text,
        reason -> Text,
        connections -> BigInt,
        bytes_up -> BigInt,
        bytes_down -> BigInt,
        charged_bytes -> BigInt,
        under_1s -> BigInt,
        under_10s -> BigInt,
        under_1m -> BigInt,
        over_1m -> BigInt,
        connect_lt10 -> BigInt,
        connect_lt18 -> BigInt,
        connect_lt32 -> BigInt,
        connect_lt56 -> BigInt,
        connect_lt100 -> BigInt,
        connect_lt178 -> BigInt,
        connect_lt316 -> BigInt,
        connect_lt562 -> BigInt,
        connect_lt1000 -> BigInt,
        connect_lt1778 -> BigInt,
        connect_lt3162 -> BigInt,
        connect_lt5623 -> BigInt,
        connect_lt10000 -> BigInt,
        connect_ge10000 -> BigInt,
    }
}

diesel::table! {
    usage_daily_totals (user_id, day, kind, credential_kind, credential_label, host, country, outcome, reason) {
        user_id -> BigInt,
        day -> BigInt,
        kind -> Text,
        credential_kind -> Text,
        credential_label -> Text,
        host -> Text,
        country -> Text,
        outcome -> Text,
        reason -> Text,
        connections -> BigInt,
        bytes_up -> BigInt,
        bytes_down -> BigInt,
        charged_bytes -> BigInt,
        under_1s -> BigInt,
        under_10s -> BigInt,
        under_1m -> BigInt,
        over_1m -> BigInt,
        connect_lt10 -> BigInt,
        connect_lt18 -> BigInt,
        connect_lt32 -> BigInt,
        connect_lt56 -> BigInt,
        connect_lt100 -> BigInt,
        connect_lt178 -> BigInt,
        connect_lt316 -> BigInt,
        connect_lt562 -> BigInt,
        connect_lt1000 -> BigInt,
        connect_lt1778 -> BigInt,
        connect_lt3162 -> BigInt,
        connect_lt5623 -> BigInt,
        connect_lt10000 -> BigInt,
        connect_ge10000 -> BigInt,
    }
}

diesel::table! {
    usage_hourly_totals (user_id, hour, kind, credential_kind, credential_label, host, country, outcome, reason) {
        user_id -> BigInt,
        hour -> BigInt,
        kind -> Text,
        credential_kind -> Text,
        credential_label -> Text,
        host -> Text,
        country -> Text,
        outcome -> Text,
        reason -> Text,
        connections -> BigInt,
        bytes_up -> BigInt,
        bytes_down -> BigInt,
        charged_bytes -> BigInt,
        under_1s -> BigInt,
        under_10s -> BigInt,
        under_1m -> BigInt,
        over_1m -> BigInt,
        connect_lt10 -> BigInt,
        connect_lt18 -> BigInt,
        connect_lt32 -> BigInt,
        connect_lt56 -> BigInt,
        connect_lt100 -> BigInt,
        connect_lt178 -> BigInt,
        connect_lt316 -> BigInt,
        connect_lt562 -> BigInt,
        connect_lt1000 -> BigInt,
        connect_lt1778 -> BigInt,
        connect_lt3162 -> BigInt,
        connect_lt5623 -> BigInt,
        connect_lt10000 -> BigInt,
        connect_ge10000 -> BigInt,
    }
}

diesel::table! {
    usage_groups (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        credential_kind -> Text,
        credential_label -> Text,
        host -> Text,
        country -> Text,
        outcome -> Text,
        reason -> Text,
        first_day -> BigInt,
        last_day -> BigInt,
        last_hour -> BigInt,
    }
}

diesel::table! {
    usage_running_daily (group_id, day) {
        group_id -> BigInt,
        day -> BigInt,
        connections -> BigInt,
        bytes_up -> BigInt,
        bytes_down -> BigInt,
        connect_lt10 -> BigInt,
        connect_lt18 -> BigInt,
        connect_lt32 -> BigInt,
        connect_lt56 -> BigInt,
        connect_lt100 -> BigInt,
        connect_lt178 -> BigInt,
        connect_lt316 -> BigInt,
        connect_lt562 -> BigInt,
        connect_lt1000 -> BigInt,
        connect_lt1778 -> BigInt,
        connect_lt3162 -> BigInt,
        connect_lt5623 -> BigInt,
        connect_lt10000 -> BigInt,
        connect_ge10000 -> BigInt,
    }
}

diesel::table! {
    usage_running_hourly (group_id, hour) {
        group_id -> BigInt,
        hour -> BigInt,
        connections -> BigInt,
        bytes_up -> BigInt,
        bytes_down -> BigInt,
        connect_lt10 -> BigInt,
        connect_lt18 -> BigInt,
        connect_lt32 -> BigInt,
        connect_lt56 -> BigInt,
        connect_lt100 -> BigInt,
        connect_lt178 -> BigInt,
        connect_lt316 -> BigInt,
        connect_lt562 -> BigInt,
        connect_lt1000 -> BigInt,
        connect_lt1778 -> BigInt,
        connect_lt3162 -> BigInt,
        connect_lt5623 -> BigInt,
        connect_lt10000 -> BigInt,
        connect_ge10000 -> BigInt,
    }
}

diesel::table! {
    usage_rollup_backfill (id) {
        id -> BigInt,
        upto -> BigInt,
        done_through -> BigInt,
        finished_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    blocklist_rules (id) {
        id -> BigInt,
        pattern -> Text,
        kinds -> Text,
        reason -> Text,
        active -> Bool,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    abuse_reports (id) {
        id -> BigInt,
        reporter_email -> Text,
        destination -> Text,
        port -> Nullable<Integer>,
        window_from -> BigInt,
        window_to -> BigInt,
        description -> Text,
        evidence -> Nullable<Text>,
        status -> Text,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    user_blocklist (user_id, pattern) {
        user_id -> BigInt,
        pattern -> Text,
    }
}

diesel::table! {
    abuse_customer_blocks (id) {
        id -> BigInt,
        user_id -> BigInt,
        destination -> Text,
        report_id -> Nullable<BigInt>,
        created_by -> Nullable<BigInt>,
        created_at -> BigInt,
    }
}

diesel::table! {
    refunds (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        purchase_id -> Nullable<BigInt>,
        piece_id -> Nullable<BigInt>,
        bytes -> BigInt,
        amount_cents -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    refund_refusals (user_id) {
        user_id -> BigInt,
        refused_until -> BigInt,
        reason -> Text,
        created_by -> Nullable<BigInt>,
        created_at -> BigInt,
    }
}

diesel::joinable!(refunds -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(refunds, users);
diesel::allow_tables_to_appear_in_same_query!(refunds, traffic_purchases);

diesel::table! {
    status_days (component, day) {
        component -> Text,
        day -> Text,
        up_minutes -> BigInt,
        down_minutes -> BigInt,
    }
}

diesel::table! {
    status_marks (component) {
        component -> Text,
        minute -> BigInt,
        up -> Bool,
        hour -> BigInt,
        ok -> BigInt,
        failed -> BigInt,
    }
}

diesel::table! {
    incidents (id) {
        id -> BigInt,
        title -> Text,
        status -> Text,
        components -> Text,
        maintenance -> Bool,
        starts_at -> Nullable<BigInt>,
        ends_at -> Nullable<BigInt>,
        started_at -> BigInt,
        resolved_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    incident_updates (id) {
        id -> BigInt,
        incident_id -> BigInt,
        status -> Text,
        body -> Text,
        at -> BigInt,
    }
}

diesel::joinable!(incident_updates -> incidents (incident_id));
diesel::allow_tables_to_appear_in_same_query!(incident_updates, incidents);

diesel::table! {
    sla_credits (user_id, kind, month) {
        user_id -> BigInt,
        kind -> Text,
        month -> Text,
        amount_cents -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    usage_exports (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Nullable<Text>,
        window_from -> BigInt,
        window_to -> BigInt,
        host -> Nullable<Text>,
        outcome -> Nullable<Text>,
        credential -> Nullable<Text>,
        status -> Text,
        claimed_until -> Nullable<BigInt>,
        records -> BigInt,
        csv_bytes -> BigInt,
        parts -> Integer,
        created_at -> BigInt,
        finished_at -> Nullable<BigInt>,
        expires_at -> BigInt,
        format -> Text,
    }
}

diesel::table! {
    usage_export_parts (export_id, seq) {
        export_id -> BigInt,
        seq -> Integer,
        data -> Binary,
    }
}

diesel::table! {
    plan_limits (plan_id) {
        plan_id -> BigInt,
        max_connections -> Nullable<Integer>,
        max_requests_per_second -> Nullable<Integer>,
        bandwidth_mbps -> Nullable<Integer>,
    }
}

diesel::joinable!(plan_limits -> plans (plan_id));
diesel::allow_tables_to_appear_in_same_query!(plan_limits, plans);
diesel::allow_tables_to_appear_in_same_query!(plan_limits, traffic_purchases);

diesel::table! {
    coupons (id) {
        id -> BigInt,
        code -> Text,
        percent_off -> Nullable<Integer>,
        amount_off_cents -> Nullable<BigInt>,
        kinds -> Text,
        plan_ids -> Text,
        min_spend_cents -> Nullable<BigInt>,
        max_uses -> Nullable<Integer>,
        max_uses_per_customer -> Integer,
        first_purchase_only -> Bool,
        valid_from -> Nullable<BigInt>,
        valid_until -> Nullable<BigInt>,
        active -> Bool,
        uses -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    purchase_prices (reference) {
        reference -> Text,
        user_id -> BigInt,
        kind -> Text,
        list_cents -> BigInt,
        tier_min_gb -> Nullable<BigInt>,
        tier_price_cents -> Nullable<BigInt>,
        customer_percent -> Nullable<Integer>,
        customer_discount_cents -> BigInt,
        coupon_id -> Nullable<BigInt>,
        coupon_code -> Nullable<Text>,
        coupon_discount_cents -> BigInt,
        coupon_released -> Bool,
        paid_cents -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    plan_tiers (plan_id, min_gb) {
        plan_id -> BigInt,
        min_gb -> BigInt,
        price_per_gb_cents -> BigInt,
    }
}

diesel::table! {
    customer_prices (user_id, kind) {
        user_id -> BigInt,
        kind -> Text,
        percent_off -> Integer,
        updated_at -> BigInt,
    }
}

diesel::joinable!(purchase_prices -> coupons (coupon_id));
diesel::allow_tables_to_appear_in_same_query!(purchase_prices, coupons);
diesel::allow_tables_to_appear_in_same_query!(purchase_prices, wallet_ledger);
diesel::joinable!(plan_tiers -> plans (plan_id));
diesel::allow_tables_to_appear_in_same_query!(plan_tiers, plans);

diesel::table! {
    referral_balances (user_id) {
        user_id -> BigInt,
        balance_cents -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    referral_ledger (id) {
        id -> BigInt,
        user_id -> BigInt,
        kind -> Text,
        amount_cents -> BigInt,
        balance_after -> BigInt,
        reference -> Text,
        note -> Nullable<Text>,
        created_at -> BigInt,
    }
}

diesel::table! {
    referral_payouts (id) {
        id -> BigInt,
        order_id -> Text,
        user_id -> BigInt,
        amount_cents -> BigInt,
        currency -> Text,
        address -> Text,
        status -> Text,
        claimed_until -> Nullable<BigInt>,
        outcome_unknown -> Bool,
        last_error -> Nullable<Text>,
        provider_ref -> Nullable<Text>,
        reason -> Nullable<Text>,
        decided_by -> Nullable<BigInt>,
        created_at -> BigInt,
        decided_at -> Nullable<BigInt>,
        paid_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    payout_tracking (payout_id) {
        payout_id -> BigInt,
        provider_status -> Nullable<Text>,
        sent_at -> Nullable<BigInt>,
        checked_at -> Nullable<BigInt>,
    }
}

diesel::table! {
    payout_events (id) {
        id -> BigInt,
        payout_id -> BigInt,
        status -> Text,
        provider_status -> Nullable<Text>,
        source -> Text,
        created_at -> BigInt,
    }
}

diesel::joinable!(payout_events -> referral_payouts (payout_id));
diesel::allow_tables_to_appear_in_same_query!(payout_events, referral_payouts);
diesel::joinable!(payout_tracking -> referral_payouts (payout_id));
diesel::allow_tables_to_appear_in_same_query!(payout_tracking, referral_payouts);
diesel::allow_tables_to_appear_in_same_query!(payout_tracking, users);
diesel::joinable!(referral_balances -> users (user_id));
diesel::joinable!(referral_ledger -> users (user_id));
diesel::joinable!(referral_payouts -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(referral_balances, users);
diesel::allow_tables_to_appear_in_same_query!(referral_ledger, users);
diesel::allow_tables_to_appear_in_same_query!(referral_payouts, users);

diesel::table! {
    exchange_rates (currency) {
        currency -> Text,
        per_usd -> Text,
        fetched_at -> BigInt,
    }
}

diesel::table! {
    daily_reports (user_id, day) {
        user_id -> BigInt,
        day -> BigInt,
        reported_at -> BigInt,
        sent -> Bool,
    }
}

diesel::joinable!(daily_reports -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(daily_reports, users);
diesel::allow_tables_to_appear_in_same_query!(daily_reports, alert_settings);
diesel::allow_tables_to_appear_in_same_query!(alert_settings, users);

diesel::table! {
    resellers (user_id) {
        user_id -> BigInt,
        enabled -> Bool,
        discount_percent -> Integer,
        max_clients -> Integer,
        created_at -> BigInt,
        updated_at -> BigInt,
        client_purchases -> Bool,
        premium_below_gb -> Nullable<Integer>,
        budget_below_gb -> Nullable<Integer>,
    }
}

diesel::table! {
    reseller_brands (reseller_id) {
        reseller_id -> BigInt,
        slug -> Text,
        name -> Text,
        colour -> Text,
        support_email -> Nullable<Text>,
        support_url -> Nullable<Text>,
        proxy_host -> Nullable<Text>,
        logo -> Nullable<Binary>,
        logo_version -> BigInt,
        created_at -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    reseller_prices (reseller_id, kind) {
        reseller_id -> BigInt,
        kind -> Text,
        cents_per_gb -> BigInt,
        updated_at -> BigInt,
    }
}

diesel::table! {
    reseller_sales (id) {
        id -> BigInt,
        reseller_id -> BigInt,
        client_id -> BigInt,
        kind -> Text,
        bytes -> BigInt,
        price_cents -> BigInt,
        cost_cents -> BigInt,
        created_at -> BigInt,
    }
}

diesel::table! {
    reseller_transfers (id) {
        id -> BigInt,
        reseller_id -> BigInt,
        client_id -> BigInt,
        kind -> Text,
        direction -> Text,
        bytes -> BigInt,
        expires_at -> Nullable<BigInt>,
        api_key_id -> Nullable<BigInt>,
        created_at -> BigInt,
    }
}

diesel::joinable!(resellers -> users (user_id));
diesel::allow_tables_to_appear_in_same_query!(resellers, users);
diesel::allow_tables_to_appear_in_same_query!(resellers, sessions);

diesel::table! {
    reseller_piece_moves (id) {
        id -> BigInt,
        reseller_id -> BigInt,
        client_id -> BigInt,
        piece_id -> BigInt,
        direction -> Text,
        created_at -> BigInt,
    }
}
diesel::allow_tables_to_appear_in_same_query!(reseller_transfers, users);
diesel::allow_tables_to_appear_in_same_query!(reseller_brands, users);
diesel::allow_tables_to_appear_in_same_query!(reseller_brands, resellers);
diesel::allow_tables_to_appear_in_same_query!(reseller_sales, users);
