from django.urls import include, path
from rest_framework.authtoken.views import obtain_auth_token
from rest_framework.routers import DefaultRouter, SimpleRouter

from shop.views import LimitOffsetProductViewSet, ProductViewSet

router = DefaultRouter()
router.register("products", ProductViewSet, basename="product")
router.register("lo-products", LimitOffsetProductViewSet, basename="lo-product")

# The same resource behind a router without trailing slashes.
plain = SimpleRouter(trailing_slash=False)
plain.register("products", ProductViewSet, basename="plain-product")

urlpatterns = [
    path("api/", include(router.urls)),
    path("api/api-token-auth/", obtain_auth_token),
    path("plain/", include(plain.urls)),
]
