from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.http import HttpRequest
from django.http.response import HttpResponseRedirectBase
from django.urls import include, path, re_path
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from accounts.views import switch_language

API_V1 = "/api/v1/"


class PermanentRedirectKeepingMethod(HttpResponseRedirectBase):
    """308: a client that posted to an old address posts its body again to the new one."""

    status_code = 308


# Exempt from the CSRF check: a redirect changes nothing, and the old API's callers are apps
# without a CSRF cookie (a browser's request is checked where it lands).
@csrf_exempt
def moved_to_v1(request: HttpRequest, rest: str) -> PermanentRedirectKeepingMethod:
    """The API before versions answered at ``/api/``; for this release its paths lead on."""
    query = request.META.get("QUERY_STRING", "")
    return PermanentRedirectKeepingMethod(f"{API_V1}{rest}" + (f"?{query}" if query else ""))


# The admin signs in through the site's own login page, and so through its throttles.
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/v1/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/v1/docs/",
        SpectacularSwaggerView.as_view(url_name="api-schema", template_name="api_docs.html"),
        name="api-docs",
    ),
    path("api/v1/", include("armybuilder.api_router")),
    re_path(r"^api/(?P<rest>(?!v1(?:/|$)).*)$", moved_to_v1),
    path("accounts/", include("allauth.urls")),
    path("language/", switch_language, name="switch-language"),
    path("lists/", include("lists.urls")),
    path("", include("catalogues.urls")),
    path("", include("lists.share_urls")),
]

handler400 = "catalogues.views.errors.bad_request"
handler403 = "catalogues.views.errors.permission_denied"
handler404 = "catalogues.views.errors.page_not_found"
handler500 = "catalogues.views.errors.server_error"
