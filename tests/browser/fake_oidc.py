"""A small, strict OpenID Connect provider on 127.0.0.1 for the sign-in tests.

It speaks the authorization-code flow as a real provider does: a discovery document, an authorize page
where the visitor picks one of the configured accounts (the provider's "login"), a token endpoint that
checks the client's credentials, the redirect address, the one-time code and PKCE, and returns an
RS256-signed ID token (JWKS published). Anything wrong is answered with an OAuth error, so a flaw in the
app's configuration or flow makes the test fail rather than pass by accident.
"""

from __future__ import annotations

import base64
import hashlib
import html
import json
import secrets
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlencode, urlparse

from joserfc import jwt
from joserfc.jwk import RSAKey


class FakeOIDCProvider:
    """``with FakeOIDCProvider(client_id, client_secret, accounts) as idp: idp.metadata_url``."""

    def __init__(self, client_id: str, client_secret: str, accounts: dict[str, dict]):
        self.client_id, self.client_secret = client_id, client_secret
        self.accounts = accounts  # e-mail -> extra claims (e.g. {"email_verified": True, "name": ...})
        self.key = RSAKey.generate_key(2048, parameters={"kid": "test-key", "use": "sig", "alg": "RS256"})
        self.codes: dict[str, dict] = {}
        self.tokens_issued: list[str] = []  # e-mail of each ID token handed out
        self.errors: list[str] = []  # every refusal, for the test's messages
        self.refuse_tokens = False  # the test's switch: the token endpoint turns every request down
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.issuer = f"http://127.0.0.1:{self._server.server_address[1]}"
        self.metadata_url = self.issuer + "/.well-known/openid-configuration"
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def __enter__(self) -> "FakeOIDCProvider":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._server.shutdown()
        self._server.server_close()

    # -- endpoints ----------------------------------------------------------------------------------
    def metadata(self) -> dict:
        return {
            "issuer": self.issuer,
            "authorization_endpoint": self.issuer + "/authorize",
            "token_endpoint": self.issuer + "/token",
            "jwks_uri": self.issuer + "/jwks",
            "response_types_supported": ["code"],
            "subject_types_supported": ["public"],
            "id_token_signing_alg_values_supported": ["RS256"],
            "scopes_supported": ["openid", "email", "profile"],
            "token_endpoint_auth_methods_supported": ["client_secret_basic", "client_secret_post"],
            "code_challenge_methods_supported": ["S256"],
            "claims_supported": ["sub", "email", "email_verified", "name"],
        }

    def authorize_page(self, query: dict) -> tuple[int, dict, bytes]:
        """The provider's account chooser; each account is a link straight back to the app with a code."""
        q = {k: v[0] for k, v in query.items()}
        if q.get("client_id") != self.client_id or q.get("response_type") != "code" or "openid" not in q.get("scope", ""):
            return self._refuse(f"bad authorize request: {sorted(q)}")
        if not q.get("redirect_uri", "").endswith("/oauth2callback") or not q.get("state"):
            return self._refuse("authorize request without redirect_uri or state")
        links = []
        for email in self.accounts:
            code = secrets.token_urlsafe(24)
            self.codes[code] = {"email": email, "redirect_uri": q["redirect_uri"], "nonce": q.get("nonce"),
                                "challenge": q.get("code_challenge"), "method": q.get("code_challenge_method")}
            target = q["redirect_uri"] + "?" + urlencode({"code": code, "state": q["state"]})
            links.append(f'<li><a href="{html.escape(target)}">{html.escape(email)}</a></li>')
        cancel = q["redirect_uri"] + "?" + urlencode({"error": "access_denied", "state": q["state"],
                                                      "error_description": "The user cancelled."})
        links.append(f'<li><a href="{html.escape(cancel)}">Cancel</a></li>')
        body = ("<!doctype html><title>Test identity provider</title><h1>Choose an account</h1><ul>"
                + "".join(links) + "</ul>")
        return 200, {"Content-Type": "text/html; charset=utf-8"}, body.encode()

    def token(self, headers, form: dict) -> tuple[int, dict, bytes]:
        f = {k: v[0] for k, v in form.items()}
        client_id, client_secret = f.get("client_id"), f.get("client_secret")
        auth = headers.get("Authorization", "")
        if auth.startswith("Basic "):
            client_id, _, client_secret = base64.b64decode(auth[6:]).decode().partition(":")
        if client_id != self.client_id or client_secret != self.client_secret:
            return self._refuse("client authentication failed", status=401, error="invalid_client")
        grant = self.codes.pop(f.get("code", ""), None)  # one use only
        if self.refuse_tokens:
            return self._refuse("token requests refused by the test", error="access_denied")
        if f.get("grant_type") != "authorization_code" or grant is None:
            return self._refuse("unknown or reused code", error="invalid_grant")
        if f.get("redirect_uri") != grant["redirect_uri"]:
            return self._refuse("redirect_uri differs from the authorize request", error="invalid_grant")
        if grant["challenge"]:
            verifier = f.get("code_verifier", "")
            expected = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
            if grant["method"] != "S256" or expected != grant["challenge"]:
                return self._refuse("PKCE verification failed", error="invalid_grant")
        email, now = grant["email"], int(time.time())
        claims = {"iss": self.issuer, "sub": hashlib.sha256(email.encode()).hexdigest()[:16], "aud": self.client_id,
                  "iat": now, "exp": now + 300, "email": email, **self.accounts[email]}
        if grant["nonce"]:
            claims["nonce"] = grant["nonce"]
        id_token = jwt.encode({"alg": "RS256", "kid": "test-key"}, claims, self.key)
        self.tokens_issued.append(email)
        body = {"access_token": secrets.token_urlsafe(24), "token_type": "Bearer", "expires_in": 300,
                "id_token": id_token, "scope": "openid email profile"}
        return 200, {"Content-Type": "application/json", "Cache-Control": "no-store"}, json.dumps(body).encode()

    def _refuse(self, why: str, status: int = 400, error: str = "invalid_request") -> tuple[int, dict, bytes]:
        self.errors.append(why)
        return status, {"Content-Type": "application/json"}, json.dumps({"error": error, "error_description": why}).encode()

    def _handler(self):
        provider = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):
                url = urlparse(self.path)
                if url.path == "/.well-known/openid-configuration":
                    self._send(200, {"Content-Type": "application/json"}, json.dumps(provider.metadata()).encode())
                elif url.path == "/jwks":
                    keys = {"keys": [provider.key.as_dict(private=False)]}
                    self._send(200, {"Content-Type": "application/json"}, json.dumps(keys).encode())
                elif url.path == "/authorize":
                    self._send(*provider.authorize_page(parse_qs(url.query)))
                else:
                    self._send(404, {"Content-Type": "text/plain"}, b"not found")

            def do_POST(self):
                length = int(self.headers.get("Content-Length") or 0)
                form = parse_qs(self.rfile.read(length).decode())
                if urlparse(self.path).path == "/token":
                    self._send(*provider.token(self.headers, form))
                else:
                    self._send(404, {"Content-Type": "text/plain"}, b"not found")

            def _send(self, status, headers, body):
                self.send_response(status)
                for k, v in headers.items():
                    self.send_header(k, v)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):  # quiet
                pass

        return Handler
