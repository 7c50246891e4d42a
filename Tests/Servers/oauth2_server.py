"""A real OAuth 2.0 authorization server (django-oauth-toolkit) for the SDK's OAuth 2.0 tests.

A one-file Django project, configured here: a SQLite database in a temporary directory, migrated
and seeded at start, then served on a free loopback port by a threaded WSGI server. It prints one
line of JSON (the port and the seeded clients and tokens) and serves until its standard input
closes, so it never outlives the test that started it.

Routes:
  /o/...              django-oauth-toolkit: token/, authorize/, revoke_token/, introspect/, and
                      .well-known/oauth-authorization-server (RFC 8414 metadata)
  /api/hello          a protected resource: {"client": <client id>, "scope": <scope>}; 401 with a
                      Bearer challenge for a missing, unknown, expired or deleted token
  /api/revoke-all     POST, unprotected, test only: deletes every access token
  /test/login         test only, the app's LOGIN_URL: logs the seeded user in (no form) and
                      redirects to ?next=, so the authorization code flow runs without a browser
  /test/stats         test only: how many requests reached /api/hello and /o/token/

Needs `python3 -m pip install django django-oauth-toolkit`; without them it prints
`missing:<error>` and exits with status 3.
"""

import json
import logging
import os
import secrets
import signal
import sys
import tempfile
import threading

signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM])
signal.signal(signal.SIGTERM, signal.SIG_DFL)


def watch_stdin():
    sys.stdin.buffer.read()
    os._exit(0)


threading.Thread(target=watch_stdin, daemon=True).start()

try:
    import django
    import oauth2_provider  # noqa: F401
    from django.conf import settings
    from werkzeug.serving import make_server
except ImportError as error:
    print("missing:" + str(error), flush=True)
    os._exit(3)  # sys.exit would wait on the thread reading stdin

workdir = tempfile.mkdtemp(prefix="ron-oauth2-")

settings.configure(
    DEBUG=False,
    SECRET_KEY=secrets.token_urlsafe(32),
    ALLOWED_HOSTS=["127.0.0.1", "localhost"],
    ROOT_URLCONF=__name__,
    INSTALLED_APPS=[
        "django.contrib.auth",
        "django.contrib.contenttypes",
        "django.contrib.sessions",
        "oauth2_provider",
    ],
    MIDDLEWARE=[
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
    ],
    DATABASES={
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.path.join(workdir, "oauth2.sqlite3"),
            "OPTIONS": {"timeout": 30},
        }
    },
    TEMPLATES=[{"BACKEND": "django.template.backends.django.DjangoTemplates", "APP_DIRS": True}],
    USE_TZ=True,
    LOGIN_URL="/test/login",
    # Client secrets are hashed like passwords; a fast hasher keeps each token request quick.
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    OAUTH2_PROVIDER={
        "ACCESS_TOKEN_EXPIRE_SECONDS": 3600,
        "PKCE_REQUIRED": True,
        "SCOPES": {"read": "Read", "write": "Write"},
    },
    LOGGING_CONFIG=None,
    # The schema is made from the models, as Django's test runner does with `"MIGRATE": False`:
    # a second where replaying every migration takes three.
    MIGRATION_MODULES=dict.fromkeys(["auth", "contenttypes", "sessions", "oauth2_provider"]),
)
django.setup()

from django.contrib.auth import get_user_model, login  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.core.wsgi import get_wsgi_application  # noqa: E402
from django.http import HttpResponseRedirect, JsonResponse  # noqa: E402
from django.urls import include, path  # noqa: E402
from django.utils import timezone  # noqa: E402
from django.views.decorators.csrf import csrf_exempt  # noqa: E402
from django.views.decorators.http import require_POST  # noqa: E402
from oauth2_provider.models import (  # noqa: E402
    get_access_token_model,
    get_application_model,
    get_refresh_token_model,
)
from oauth2_provider.views import ProtectedResourceMetadataView  # noqa: E402

Application = get_application_model()
AccessToken = get_access_token_model()
RefreshToken = get_refresh_token_model()
REDIRECT_URI = "http://127.0.0.1/callback"


class Hello(ProtectedResourceMetadataView):
    """The protected resource. django-oauth-toolkit checks the bearer token; a refused one gets
    401 with a `WWW-Authenticate: Bearer` challenge (ProtectedResourceMetadataView's answer)."""

    def verify_request(self, request):
        valid, oauthlib_request = super().verify_request(request)
        if valid:
            self.granted = oauthlib_request.access_token
        return valid, oauthlib_request

    def get(self, request, *args, **kwargs):
        token = self.granted
        return JsonResponse({"client": token.application.client_id, "scope": token.scope})


@csrf_exempt
@require_POST
def revoke_all(request):
    deleted, _ = AccessToken.objects.all().delete()
    return JsonResponse({"deleted": deleted})


def test_login(request):
    login(request, get_user_model().objects.get(username="ron"))
    return HttpResponseRedirect(request.GET.get("next", "/"))


hits = {"hello": 0, "token": 0}
hits_lock = threading.Lock()


def stats(request):
    with hits_lock:
        return JsonResponse(dict(hits))


urlpatterns = [
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
    path("api/hello", Hello.as_view()),
    path("api/revoke-all", revoke_all),
    path("test/login", test_login),
    path("test/stats", stats),
]


def seed():
    call_command("migrate", run_syncdb=True, verbosity=0, interactive=False)
    user = get_user_model().objects.create_user("ron", password=secrets.token_urlsafe(16))
    # Characters that must be form-encoded before Basic (RFC 6749 section 2.3.1), and one that is
    # not ASCII: the server decodes them back (unquote_plus) and compares.
    client_id, client_secret = "ron-reports", secrets.token_urlsafe(18) + " +/:%&=\u00e9"
    Application.objects.create(
        name="reports",
        client_id=client_id,
        client_secret=client_secret,
        client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_CLIENT_CREDENTIALS,
        user=user,
    )
    code_client_id, code_client_secret = "ron-notes", secrets.token_urlsafe(24)
    code_app = Application.objects.create(
        name="notes",
        client_id=code_client_id,
        client_secret=code_client_secret,
        client_type=Application.CLIENT_CONFIDENTIAL,
        authorization_grant_type=Application.GRANT_AUTHORIZATION_CODE,
        redirect_uris=REDIRECT_URI,
        skip_authorization=True,
        user=user,
    )
    expired = AccessToken.objects.create(
        user=user,
        application=code_app,
        token=secrets.token_urlsafe(30),
        expires=timezone.now() - timezone.timedelta(hours=1),
        scope="read write",
    )
    refresh = RefreshToken.objects.create(
        user=user, application=code_app, token=secrets.token_urlsafe(30), access_token=expired
    )
    return {
        "clientId": client_id,
        "clientSecret": client_secret,
        "codeClientId": code_client_id,
        "codeClientSecret": code_client_secret,
        "expiredAccessToken": expired.token,
        "refreshToken": refresh.token,
        "redirectURI": REDIRECT_URI,
    }


def counted(application):
    def serve(environ, start_response):
        route = environ.get("PATH_INFO", "")
        key = {"/api/hello": "hello", "/o/token/": "token"}.get(route)
        if key:
            with hits_lock:
                hits[key] += 1
        return application(environ, start_response)

    return serve


# One line a request on standard error is noise (the tests keep it only to show why a start failed).
logging.getLogger("werkzeug").setLevel(logging.WARNING)
seeded = seed()
server = make_server("127.0.0.1", 0, counted(get_wsgi_application()), threaded=True)
print(json.dumps({"port": server.server_port, **seeded}), flush=True)
server.serve_forever()
