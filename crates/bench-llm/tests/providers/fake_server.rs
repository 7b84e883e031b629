//! A scripted HTTP server on 127.0.0.1 for hermetic provider tests: it accepts one connection per scripted reply,
//! answers each in its own scoped thread (so a deliberately slow reply does not block the retry behind it), and
//! hands back every request it saw when the test joins it.

use std::io::{Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::Mutex;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How the server answers one connection.
#[derive(Clone, Debug)]
pub struct ScriptedReply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
    /// Wait this long before answering (to trigger client timeouts).
    pub delay: Duration,
    /// Read the request, then close the connection without any reply.
    pub close_without_reply: bool,
}

/// One request as the server received it.
#[derive(Clone, Debug)]
pub struct CapturedRequest {
    pub method: String,
    pub path: String,
    /// Lowercase header names, in arrival order.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// A running fake server; call [`FakeServer::finish`] to join it.
pub struct FakeServer {
    pub base_url: String,
    server_thread: JoinHandle<Vec<CapturedRequest>>,
}

/// How long the server waits for a connection the script expects before giving up.
const ACCEPT_DEADLINE: Duration = Duration::from_secs(5);

impl ScriptedReply {
    pub fn json(status: u16, body: &serde_json::Value) -> ScriptedReply {
        ScriptedReply::text(status, &body.to_string())
    }

    pub fn text(status: u16, body: &str) -> ScriptedReply {
        ScriptedReply {
            status,
            headers: vec![("content-type".to_owned(), "application/json".to_owned())],
            body: body.as_bytes().to_vec(),
            delay: Duration::ZERO,
            close_without_reply: false,
        }
    }

    pub fn with_header(mut self, name: &str, value: &str) -> ScriptedReply {
        self.headers.push((name.to_owned(), value.to_owned()));
        self
    }

    pub fn delayed(mut self, delay: Duration) -> ScriptedReply {
        self.delay = delay;
        self
    }

    pub fn closed_without_reply() -> ScriptedReply {
        ScriptedReply { close_without_reply: true, ..ScriptedReply::text(200, "") }
    }
}

impl FakeServer {
    /// Starts a server that answers `script.len()` connections in order.
    pub fn start(script: Vec<ScriptedReply>) -> FakeServer {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        let port = listener.local_addr().expect("local address").port();
        listener.set_nonblocking(true).expect("non-blocking listener");
        let server_thread = std::thread::Builder::new()
            .name(format!("fake-server-{port}"))
            .spawn(move || serve(listener, script))
            .expect("spawn fake server");
        FakeServer { base_url: format!("http://127.0.0.1:{port}"), server_thread }
    }

    /// Waits for the server to finish its script (or give up waiting) and returns the requests it saw, in order.
    pub fn finish(self) -> Vec<CapturedRequest> {
        self.server_thread.join().expect("fake server thread panicked")
    }
}

fn serve(listener: TcpListener, script: Vec<ScriptedReply>) -> Vec<CapturedRequest> {
    let captured: Mutex<Vec<(usize, CapturedRequest)>> = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for (reply_idx, scripted_reply) in script.iter().enumerate() {
            let Some(stream) = accept_before_deadline(&listener) else {
                break;
            };
            let captured = &captured;
            std::thread::Builder::new()
                .name(format!("fake-connection-{reply_idx}"))
                .spawn_scoped(scope, move || {
                    if let Some(request) = answer_connection(stream, scripted_reply) {
                        captured.lock().expect("captured lock").push((reply_idx, request));
                    }
                })
                .expect("spawn connection thread");
        }
    });
    let mut captured = captured.into_inner().expect("captured lock");
    captured.sort_by_key(|(reply_idx, _)| *reply_idx);
    captured.into_iter().map(|(_, request)| request).collect()
}

fn accept_before_deadline(listener: &TcpListener) -> Option<TcpStream> {
    let deadline = Instant::now() + ACCEPT_DEADLINE;
    while Instant::now() < deadline {
        match listener.accept() {
            Ok((stream, _)) => {
                stream.set_nonblocking(false).ok()?;
                return Some(stream);
            }
            Err(error) if error.kind() == std::io::ErrorKind::WouldBlock => {
                std::thread::sleep(Duration::from_millis(1));
            }
            Err(_) => return None,
        }
    }
    None
}

fn answer_connection(
    mut stream: TcpStream,
    scripted_reply: &ScriptedReply,
) -> Option<CapturedRequest> {
    stream.set_read_timeout(Some(Duration::from_secs(5))).ok()?;
    let request = read_request(&mut stream)?;
    if scripted_reply.close_without_reply {
        let _ = stream.shutdown(Shutdown::Both);
        return Some(request);
    }
    std::thread::sleep(scripted_reply.delay);
    let mut response = format!("HTTP/1.1 {} Scripted\r\n", scripted_reply.status);
    for (name, value) in &scripted_reply.headers {
        response.push_str(&format!("{name}: {value}\r\n"));
    }
    response.push_str(&format!(
        "content-length: {}\r\nconnection: close\r\n\r\n",
        scripted_reply.body.len()
    ));
    let mut response_bytes = response.into_bytes();
    response_bytes.extend_from_slice(&scripted_reply.body);
    // The client may have timed out and gone; that is the point of some scripts.
    let _ = stream.write_all(&response_bytes);
    let _ = stream.flush();
    let _ = stream.shutdown(Shutdown::Both);
    Some(request)
}

fn read_request(stream: &mut TcpStream) -> Option<CapturedRequest> {
    let mut received = Vec::new();
    let mut buffer = [0u8; 8192];
    let header_end = loop {
        if let Some(position) = received.windows(4).position(|window| window == b"\r\n\r\n") {
            break position;
        }
        let n_read = stream.read(&mut buffer).ok()?;
        if n_read == 0 {
            return None;
        }
        received.extend_from_slice(&buffer[..n_read]);
    };
    let head = String::from_utf8_lossy(&received[..header_end]).into_owned();
    let mut head_lines = head.split("\r\n");
    let mut request_line = head_lines.next()?.split(' ');
    let method = request_line.next()?.to_owned();
    let path = request_line.next()?.to_owned();
    let headers: Vec<(String, String)> = head_lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_owned()))
        .collect();
    let content_length: usize = headers
        .iter()
        .find(|(name, _)| name == "content-length")
        .and_then(|(_, value)| value.parse().ok())
        .unwrap_or(0);
    let mut body = received[header_end + 4..].to_vec();
    while body.len() < content_length {
        let n_read = stream.read(&mut buffer).ok()?;
        if n_read == 0 {
            break;
        }
        body.extend_from_slice(&buffer[..n_read]);
    }
    Some(CapturedRequest { method, path, headers, body })
}
