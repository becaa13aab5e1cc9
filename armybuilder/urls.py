from allauth.account.decorators import secure_admin_login
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

# The admin signs in through the site's own login page, and so through its throttles.
admin.site.login = secure_admin_login(admin.site.login)  # type: ignore[method-assign]

urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        SpectacularSwaggerView.as_view(url_name="api-schema", template_name="api_docs.html"),
        name="api-docs",
    ),
    path("api/", include("armybuilder.api_router")),
    path("accounts/", include("allauth.urls")),
    path("lists/", include("lists.urls")),
    path("", include("catalogues.urls")),
    path("", include("lists.share_urls")),
]

handler400 = "catalogues.views.errors.bad_request"
handler403 = "catalogues.views.errors.permission_denied"
handler404 = "catalogues.views.errors.page_not_found"
handler500 = "catalogues.views.errors.server_error"
