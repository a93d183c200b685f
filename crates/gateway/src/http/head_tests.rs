use super::*;
use crate::http::body::Chunked;

fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).unwrap()
}

#[test]
fn splits_authorities() {
    assert_eq!(
        split_authority("example.com:443", None),
        Some(("example.com".into(), 443))
    );
    assert_eq!(
        split_authority("[::1]:8080", None),
        Some(("::1".into(), 8080))
    );
    assert_eq!(
        split_authority("example.com", Some(80)),
        Some(("example.com".into(), 80))
    );
    assert_eq!(split_authority("example.com", None), None);
    assert_eq!(split_authority("u@example.com:80", None), None);
}

#[test]
fn rewrites_a_plain_request_to_origin_form() {
    let raw = b"GET http://example.com:8080/a?b=1 HTTP/1.1\r\nHost: example.com:8080\r\nProxy-Authorization: Basic dTpw\r\nProxy-Connection: keep-alive\r\n\r\n";
    let head = parse_request(raw, 16384).unwrap().unwrap();
    assert_eq!(
        (head.host.as_str(), head.port, head.connect),
        ("example.com", 8080, false)
    );
    assert_eq!(head.credentials, Some(("u".into(), "p".into())));
    assert_eq!(
        text(&head.forward),
        "GET /a?b=1 HTTP/1.1\r\nHost: example.com:8080\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(head.body, Framing::Done);
}

#[test]
fn hop_by_hop_headers_and_those_connection_names_are_not_forwarded() {
    let raw = b"POST http://example.com/up HTTP/1.1\r\nHost: elsewhere.example\r\nConnection: keep-alive, X-Hop, Content-Length\r\nKeep-Alive: timeout=5\r\nX-Hop: secret\r\nTE: trailers\r\nTrailer: X-Sum\r\nUpgrade: websocket\r\nProxy-Authorization: Basic dTpw\r\nProxy-Foo: 1\r\nX-Kept: yes\r\nContent-Length: 3\r\n\r\nabc";
    let head = parse_request(raw, 16384).unwrap().unwrap();
    assert_eq!(
        text(&head.forward),
        "POST /up HTTP/1.1\r\nHost: example.com\r\nX-Kept: yes\r\nContent-Length: 3\r\nConnection: close\r\n\r\n",
        "the URI's authority is the Host; the length stays whatever Connection says"
    );
    assert_eq!(head.body, Framing::Length(3));
    assert_eq!(&raw[head.len..], b"abc");
}

#[test]
fn request_framing_is_checked() {
    let parse = |headers: &str| {
        let raw = format!("POST http://example.com/ HTTP/1.1\r\n{headers}\r\n");
        parse_request(raw.as_bytes(), 16384).map(|h| h.map(|h| h.body))
    };
    assert_eq!(
        parse("Transfer-Encoding: chunked\r\n"),
        Ok(Some(Framing::Chunked(Chunked::new())))
    );
    assert_eq!(
        parse("Content-Length: 7, 7\r\n"),
        Ok(Some(Framing::Length(7)))
    );
    for bad in [
        "Transfer-Encoding: chunked\r\nContent-Length: 3\r\n",
        "Transfer-Encoding: gzip\r\n",
        "Content-Length: 3\r\nContent-Length: 4\r\n",
        "Content-Length: -1\r\n",
        "Content-Length: +3\r\n",
    ] {
        assert_eq!(parse(bad).unwrap_err(), Bad::Malformed, "{bad}");
    }
    let https = b"GET https://example.com/ HTTP/1.1\r\n\r\n";
    assert_eq!(parse_request(https, 16384).unwrap_err(), Bad::Malformed);
    assert_eq!(
        parse_request(b"GET http://example.com/ HTTP/1.1\r\nX: ", 10).unwrap_err(),
        Bad::TooLarge
    );
}

#[test]
fn responses_lose_hop_by_hop_headers_and_say_close() {
    let raw = b"HTTP/1.1 200 OK\r\nConnection: keep-alive, X-Hop\r\nKeep-Alive: timeout=5\r\nX-Hop: 1\r\nProxy-Authenticate: Basic\r\nUpgrade: h2c\r\nContent-Length: 5\r\n\r\nhello";
    let res = parse_response(raw, 65536, false).unwrap().unwrap();
    assert_eq!(
        text(&res.forward),
        "HTTP/1.1 200 OK\r\nContent-Length: 5\r\nConnection: close\r\n\r\n"
    );
    assert_eq!((res.status, res.body), (200, Framing::Length(5)));
    // No body for HEAD, 204 and 304, and none for interim responses, which stay interim.
    assert_eq!(
        parse_response(raw, 65536, true).unwrap().unwrap().body,
        Framing::Done
    );
    let cont = parse_response(b"HTTP/1.1 100 Continue\r\n\r\n", 65536, false)
        .unwrap()
        .unwrap();
    assert_eq!(text(&cont.forward), "HTTP/1.1 100 Continue\r\n\r\n");
    // A coding wins over a length, which is not forwarded; no framing: until close.
    let both = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nContent-Length: 9\r\n\r\n";
    let res = parse_response(both, 65536, false).unwrap().unwrap();
    assert_eq!(res.body, Framing::Chunked(Chunked::new()));
    assert!(!text(&res.forward).contains("Content-Length"));
    let open = b"HTTP/1.0 200 OK\r\n\r\n";
    assert_eq!(
        parse_response(open, 65536, false).unwrap().unwrap().body,
        Framing::UntilClose
    );
}

#[test]
fn framing_values_must_be_visible_ascii() {
    let parse = |headers: &[u8]| {
        let mut raw = b"POST http://example.com/ HTTP/1.1\r\n".to_vec();
        raw.extend_from_slice(headers);
        raw.extend_from_slice(b"\r\n");
        parse_request(&raw, 16384).map(|h| h.map(|h| h.body))
    };
    for bad in [
        &b"Transfer-Encoding: \xffchunked\r\nContent-Length: 3\r\n"[..],
        b"Transfer-Encoding: \xffchunked\r\n",
        b"Transfer-Encoding: chunked\xc2\xa0\r\n",
        b"Content-Length: 3\xff\r\n",
        b"Transfer-Encoding: ,\r\n",
    ] {
        assert_eq!(parse(bad).unwrap_err(), Bad::Malformed, "{bad:?}");
    }
    let res = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: \xffchunked\r\nContent-Length: 3\r\n\r\n";
    assert_eq!(
        parse_response(res, 65536, false).unwrap_err(),
        Bad::Malformed
    );
}

#[test]
fn framing_headers_are_written_as_parsed() {
    let forward = |headers: &str| {
        let raw = format!("POST http://example.com/ HTTP/1.1\r\n{headers}X-Kept: 1\r\n\r\n");
        let head = parse_request(raw.as_bytes(), 16384).unwrap().unwrap();
        text(&head.forward).to_owned()
    };
    let end = |framing: &str| {
        format!(
            "POST / HTTP/1.1\r\nHost: example.com\r\nX-Kept: 1\r\n{framing}Connection: close\r\n\r\n"
        )
    };
    assert_eq!(
        forward("Content-Length: 3, 3\r\ncontent-length:3\r\n"),
        end("Content-Length: 3\r\n")
    );
    assert_eq!(
        forward("Content-Length: 0\r\n"),
        end("Content-Length: 0\r\n")
    );
    assert_eq!(
        forward("Transfer-Encoding: CHUNKED\r\n"),
        end("Transfer-Encoding: chunked\r\n")
    );
    assert_eq!(
        forward("Transfer-Encoding: gzip,\r\nTransfer-Encoding: chunked\r\n"),
        end("Transfer-Encoding: gzip, chunked\r\n")
    );
    assert_eq!(forward(""), end(""));
    // A response: the coding, never the length beside it.
    let both = b"HTTP/1.1 200 OK\r\nContent-Length: 9\r\ntransfer-encoding: Chunked\r\n\r\n";
    let res = parse_response(both, 65536, false).unwrap().unwrap();
    assert_eq!(
        text(&res.forward),
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    );
}

#[test]
fn a_request_for_an_http_pool_is_in_absolute_form_with_the_pools_credentials() {
    let raw = b"POST http://[::1]:8080?q=1 HTTP/1.1\r\nHost: [::1]:8080\r\nProxy-Authorization: Basic dTpw\r\nContent-Length: 2\r\n\r\nhi";
    let head = parse_request(raw, 16384).unwrap().unwrap();
    let via = head.via_pool("Proxy-Authorization: Basic c2hvcDpwb29s\r\n");
    assert_eq!(
        text(&via),
        "POST http://[::1]:8080/?q=1 HTTP/1.1\r\nProxy-Authorization: Basic c2hvcDpwb29s\r\nHost: [::1]:8080\r\nContent-Length: 2\r\nConnection: close\r\n\r\n"
    );
    assert_eq!(
        via.len() - head.forward.len(),
        "http://[::1]:8080".len() + "Proxy-Authorization: Basic c2hvcDpwb29s\r\n".len(),
        "the rest is the origin-form head"
    );
}

#[test]
fn a_proxy_status_error_is_read_from_the_response() {
    let parse = |raw: &[u8]| parse_response(raw, 16384, false).unwrap().unwrap();
    let failed = parse(b"HTTP/1.1 502 Bad Gateway\r\nProxy-Status: pool.example; error=\"DNS_Error\"; rcode=NXDOMAIN\r\nContent-Length: 0\r\n\r\n");
    assert_eq!(failed.proxy_error.as_deref(), Some("dns_error"));
    assert!(!text(&failed.forward).contains("Proxy-Status"));
    let relayed = parse(
        b"HTTP/1.1 502 Bad Gateway\r\nProxy-Status: cdn.example\r\nContent-Length: 0\r\n\r\n",
    );
    assert_eq!(relayed.proxy_error, None, "a proxy naming no error");
    assert_eq!(parse(ORIGIN_OK).proxy_error, None);
}

const ORIGIN_OK: &[u8] = b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";
